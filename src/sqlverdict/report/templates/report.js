/* sqlverdict report: the example browser. Rows come from the JSON embedded in the page and
   are rendered one page at a time; details are built only when opened. No network. */
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("report-data").textContent);
  var PAGE = 50;
  var LABEL = {verified: "\u2714\u2714 verified", consistent: "\u2714 consistent",
               unknown: "? unknown", refuted: "\u2718 refuted"};
  var ACCEPT = {verified: 1, consistent: 1};
  var KW = new RegExp("^(select|from|where|group|by|order|having|limit|offset|join|inner|left|right|full|outer|cross|on|as|and|or|not|in|exists|is|null|like|glob|between|case|when|then|else|end|distinct|all|union|intersect|except|asc|desc|with|recursive|cast|values|using|natural|collate|escape)$", "i");
  var FN = /^(count|sum|avg|min|max|total|group_concat|abs|round|length|lower|upper|substr|substring|instr|coalesce|ifnull|nullif|iif|date|time|datetime|julianday|strftime|replace|trim|ltrim|rtrim|cast|printf|typeof)$/i;
  var state = {system: "", oracle: "", status: "", signature: "", text: "", disagree: false, page: 0};
  var filtered = [];
  var hay = null;

  function $(id) { return document.getElementById(id); }
  function esc(s) {
    return String(s == null ? "" : s).replace(/[&<>"']/g, function (c) {
      return {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c];
    });
  }
  function plural(n, w) { return n + " " + w + (n === 1 ? "" : "s"); }
  function ex(r) { return D.examples[r[1]] || ["", "", ""]; }

  function highlight(sql) {
    var re = /('(?:[^']|'')*'|"(?:[^"]|"")*"|`[^`]*`|\[[^\]]*\]|--[^\n]*|\b\d+(?:\.\d+)?\b|[A-Za-z_][A-Za-z0-9_]*|\s+|.)/g;
    var out = [], m;
    while ((m = re.exec(sql)) !== null) {
      var t = m[0];
      if (t[0] === "'") out.push('<span class="str">' + esc(t) + "</span>");
      else if (/^\d/.test(t)) out.push('<span class="num">' + esc(t) + "</span>");
      else if (KW.test(t)) out.push('<span class="kw">' + esc(t) + "</span>");
      else if (FN.test(t)) out.push('<span class="fn">' + esc(t) + "</span>");
      else out.push(esc(t));
    }
    return out.join("");
  }

  function statusCell(v) {
    if (!v) return '<td>\u2013</td>';
    var sig = v[4] ? '<br><small>' + esc(v[4]) + "</small>" : "";
    return '<td><span class="st st-' + esc(v[1]) + '">' + esc(LABEL[v[1]] || v[1]) + "</span>" + sig + "</td>";
  }

  function verdictFor(r, o) {
    for (var i = 0; i < r[4].length; i++) if (r[4][i][0] === o) return r[4][i];
    return null;
  }

  function haystack(i) {
    if (!hay) hay = new Array(D.rows.length);
    if (hay[i] === undefined) {
      var r = D.rows[i], e = ex(r);
      var parts = [r[1], e[0], e[1], e[2], r[2] || "", r[3] || "", D.systems[r[0]]];
      for (var k = 0; k < r[4].length; k++) parts.push(r[4][k][2] || "");
      hay[i] = parts.join("\n").toLowerCase();
    }
    return hay[i];
  }

  function matches(i) {
    var r = D.rows[i];
    if (state.system && D.systems[r[0]] !== state.system) return false;
    var vs = r[4];
    if (state.oracle !== "") {
      var oi = D.oracles.indexOf(state.oracle);
      vs = vs.filter(function (v) { return v[0] === oi; });
      if (!vs.length) return false;
    }
    if (state.status && !vs.some(function (v) { return v[1] === state.status; })) return false;
    if (state.signature && !vs.some(function (v) { return v[4] === state.signature; })) return false;
    if (state.disagree) {
      var acc = r[4].some(function (v) { return ACCEPT[v[1]]; });
      var rej = r[4].some(function (v) { return v[1] === "refuted"; });
      if (!(acc && rej)) return false;
    }
    if (state.text) {
      var words = state.text.toLowerCase().split(/\s+/).filter(Boolean);
      var h = haystack(i);
      for (var w = 0; w < words.length; w++) if (h.indexOf(words[w]) < 0) return false;
    }
    return true;
  }

  function applyFilters() {
    filtered = [];
    for (var i = 0; i < D.rows.length; i++) if (matches(i)) filtered.push(i);
    state.page = 0;
    render();
  }

  function render() {
    var pages = Math.max(1, Math.ceil(filtered.length / PAGE));
    state.page = Math.min(Math.max(state.page, 0), pages - 1);
    var start = state.page * PAGE, end = Math.min(filtered.length, start + PAGE);
    var html = [];
    for (var k = start; k < end; k++) {
      var i = filtered[k], r = D.rows[i], e = ex(r);
      var q = e[1].length > 110 ? e[1].slice(0, 107) + "\u2026" : e[1];
      html.push('<tr id="row-' + i + '" data-row="' + i + '"><th scope="row">' + esc(r[1]) + "</th><td>" + esc(e[0]) +
                "</td><td>" + esc(D.systems[r[0]]) + '</td><td class="q">' + esc(q) + "</td>");
      for (var o = 0; o < D.oracles.length; o++) html.push(statusCell(verdictFor(r, o)));
      html.push('<td><button type="button" class="details" aria-expanded="false" aria-controls="detail-' + i +
                '" data-row="' + i + '">Details<span class="sr"> of ' + esc(r[1]) + " (" + esc(D.systems[r[0]]) +
                ")</span></button></td></tr>");
    }
    if (!html.length) html.push('<tr><td colspan="' + (5 + D.oracles.length) + '">No example matches these filters.</td></tr>');
    $("examples-body").innerHTML = html.join("");
    $("match-count").textContent = filtered.length + " of " + D.rows.length + " predictions match" +
      (filtered.length ? "; showing " + (start + 1) + "\u2013" + end : "") + ".";
    $("p-info").textContent = "Page " + (state.page + 1) + " of " + pages;
    $("p-first").disabled = $("p-prev").disabled = state.page === 0;
    $("p-next").disabled = $("p-last").disabled = state.page >= pages - 1;
  }

  function key(row) { return JSON.stringify(row); }

  /* Mark rows that occur in one result and not the other (as multisets). */
  /* In list semantics, rows present in both results but at another position. */
  function moved(gold, pred, gm, pm) {
    for (var j = 0; j < Math.max(gold.length, pred.length); j++) {
      var same = j < gold.length && j < pred.length && key(gold[j]) === key(pred[j]);
      if (!same && j < gold.length && gm[j] === false) gm[j] = "moved";
      if (!same && j < pred.length && pm[j] === false) pm[j] = "moved";
    }
  }

  function diffMarks(gold, pred) {
    var count = {}, gm = [], pm = [];
    (pred || []).forEach(function (r) { var k = key(r); count[k] = (count[k] || 0) + 1; });
    (gold || []).forEach(function (r) {
      var k = key(r);
      if (count[k]) { count[k]--; gm.push(false); } else gm.push(true);
    });
    var gc = {};
    (gold || []).forEach(function (r) { var k = key(r); gc[k] = (gc[k] || 0) + 1; });
    (pred || []).forEach(function (r) {
      var k = key(r);
      if (gc[k]) { gc[k]--; pm.push(false); } else pm.push(true);
    });
    return [gm, pm];
  }

  function cell(v) {
    if (v === null) return '<td><i>NULL</i></td>';
    return "<td>" + esc(typeof v === "object" ? JSON.stringify(v) : v) + "</td>";
  }

  function resultTable(caption, rows, marks, onlyLabel, cls, columns, more) {
    var h = ['<table class="data result"><caption>' + esc(caption) + "</caption><thead><tr>" +
             '<th scope="col">Mark</th>'];
    var n = rows && rows.length ? rows[0].length : (columns ? columns.length : 0);
    for (var c = 0; c < n; c++) h.push('<th scope="col">' + esc(columns && columns[c] != null ? columns[c] : "col " + (c + 1)) + "</th>");
    h.push("</tr></thead><tbody>");
    if (!rows || !rows.length) h.push('<tr><td colspan="' + (n + 1) + '"><i>empty result</i></td></tr>');
    (rows || []).forEach(function (r, j) {
      var d = marks && marks[j];
      var label = d === "moved" ? "\u2195 other position" : d ? onlyLabel : "=";
      h.push("<tr" + (d ? ' class="' + (d === "moved" ? "moved" : cls) + '"' : "") + '><td class="mark">' +
             esc(label) + "</td>" + r.map(cell).join("") + "</tr>");
    });
    h.push("</tbody></table>");
    if (more) h.push('<p class="note">' + more + " more rows not shown.</p>");
    return h.join("");
  }

  function evidenceHtml(v, oname) {
    var ev = v[5], files = v[6] || [], h = [];
    if (!ev && !files.length) return "";
    h.push('<div class="evidence" data-oracle="' + esc(oname) + '"><h4>Evidence from ' + esc(oname) +
           (ev && ev.bound != null ? " (bound " + esc(ev.bound) + ")" : "") + "</h4>");
    if (files.length) {
      h.push('<p class="witness-links">Witness files: ' + files.map(function (f) {
        return '<a href="' + esc(D.base + f) + '">' + esc(f.split("/").pop()) + "</a>";
      }).join(" ") + "</p>");
    }
    if (ev && ev.tables) {
      var names = Object.keys(ev.tables);
      h.push('<div class="witness"><p>A database on which the two queries return different results' +
             (ev.realism ? ' (<span class="realism">realism: ' + esc(ev.realism) + "</span>, " +
              ({mined: "satisfies the constraints mined from the data and the declared types",
                typed: "values match the declared column types and formats",
                sqlite: "SQLite accepts it, but some values do not look like real data"}[ev.realism] || "") +
              ")" : "") + ':</p><div class="side">');
      names.forEach(function (t) {
        var tb = ev.tables[t];
        h.push('<table class="data witness-table"><caption>Witness table ' + esc(t) + " (" +
               plural(tb.rows.length + (tb.more || 0), "row") + ")</caption><thead><tr>" +
               tb.columns.map(function (c) { return '<th scope="col">' + esc(c) + "</th>"; }).join("") +
               "</tr></thead><tbody>" +
               (tb.rows.length ? tb.rows.map(function (r) { return "<tr>" + r.map(cell).join("") + "</tr>"; }).join("")
                : '<tr><td colspan="' + Math.max(1, tb.columns.length) + '"><i>empty table</i></td></tr>') +
               "</tbody></table>");
      });
      h.push("</div></div>");
    }
    if (ev && (ev.gold_result || ev.pred_result)) {
      var m = diffMarks(ev.gold_result, ev.pred_result);
      var ordered = ev.semantics === "list" || v[4] === "row_order";
      if (ordered) moved(ev.gold_result || [], ev.pred_result || [], m[0], m[1]);
      h.push('<p class="note">Rows marked \u2212 appear only in the gold result, rows marked + only in the ' +
             "predicted result (counting duplicates); = rows appear in both" +
             (ordered ? " at the same position; \u2195 rows appear in both at another position (order matters here)" : "") +
             "." + (v[4] === "row_order" ? " Same rows in a different order." : "") + "</p>");
      h.push('<div class="side">' +
             resultTable("Gold result", ev.gold_result, m[0], "\u2212 only in gold", "only-gold", ev.gold_columns, ev.gold_result_more) +
             resultTable("Predicted result", ev.pred_result, m[1], "+ only in prediction", "only-pred", ev.pred_columns, ev.pred_result_more) +
             "</div>");
    }
    if (ev && typeof ev.instance === "string") {
      var inst = ev.instance, href = /^\//.test(inst) ? "file://" + inst.split("/").map(encodeURIComponent).join("/") : D.base + inst;
      h.push('<p class="note">Instance (database) where they differ: <a href="' + esc(href) + '">' + esc(inst) + "</a></p>");
    }
    ["error", "error_kind", "gold_error", "pred_error", "semantics"].forEach(function (k) {
      if (ev && ev[k] != null) h.push('<p class="note">' + esc(k.replace("_", " ")) + ": " + esc(ev[k]) + "</p>");
    });
    h.push("</div>");
    return h.join("");
  }

  function detailHtml(i) {
    var r = D.rows[i], e = ex(r);
    var h = ['<div class="detail-body"><h3>Example ' + esc(r[1]) + " \u00b7 " + esc(D.systems[r[0]]) +
             " \u00b7 database " + esc(e[0]) + "</h3>"];
    h.push("<p><strong>Question:</strong> " + esc(e[1]) + "</p>");
    h.push("<h4>Gold SQL</h4><pre class=\"sql\"><code>" + highlight(e[2]) + "</code></pre>");
    h.push("<h4>Predicted SQL</h4>");
    if (r[2] != null) h.push("<pre class=\"sql\"><code>" + highlight(r[2]) + "</code></pre>");
    if (r[3]) h.push('<p class="invalid">Invalid prediction: ' + esc(r[3]) + "</p>");
    h.push('<table class="data verdicts"><caption>Verdicts of every oracle</caption><thead><tr>' +
           '<th scope="col">Oracle</th><th scope="col">Status</th><th scope="col">Reason</th>' +
           '<th scope="col">Time</th><th scope="col">Signature</th></tr></thead><tbody>');
    r[4].forEach(function (v) {
      h.push('<tr><th scope="row">' + esc(D.oracles[v[0]]) + '</th><td><span class="st st-' + esc(v[1]) + '">' +
             esc(LABEL[v[1]] || v[1]) + "</span></td><td>" + esc(v[2]) + '</td><td class="num">' +
             (v[3] == null ? "\u2013" : (v[3] < 1 ? (v[3] * 1000).toFixed(1) + " ms" : v[3].toFixed(2) + " s")) +
             "</td><td>" + esc(v[4] || "\u2013") + "</td></tr>");
    });
    h.push("</tbody></table>");
    r[4].forEach(function (v) { h.push(evidenceHtml(v, D.oracles[v[0]])); });
    h.push("</div>");
    return h.join("");
  }

  function toggle(btn) {
    var i = +btn.getAttribute("data-row");
    var tr = $("row-" + i), next = tr.nextElementSibling;
    if (next && next.classList.contains("detail")) {
      next.parentNode.removeChild(next);
      btn.setAttribute("aria-expanded", "false");
      return null;
    }
    var d = document.createElement("tr");
    d.className = "detail";
    d.id = "detail-" + i;
    d.innerHTML = '<td colspan="' + (5 + D.oracles.length) + '">' + detailHtml(i) + "</td>";
    tr.parentNode.insertBefore(d, tr.nextSibling);
    btn.setAttribute("aria-expanded", "true");
    return d;
  }

  function bind(id, prop, ev, get) {
    $(id).addEventListener(ev, function () { state[prop] = get($(id)); applyFilters(); });
  }
  bind("f-system", "system", "change", function (x) { return x.value; });
  bind("f-oracle", "oracle", "change", function (x) { return x.value; });
  bind("f-status", "status", "change", function (x) { return x.value; });
  bind("f-signature", "signature", "change", function (x) { return x.value; });
  bind("f-disagree", "disagree", "change", function (x) { return x.checked; });
  var timer = null;
  $("f-text").addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(function () { state.text = $("f-text").value.trim(); applyFilters(); }, 150);
  });
  $("f-reset").addEventListener("click", function () {
    ["f-system", "f-oracle", "f-status", "f-signature", "f-text"].forEach(function (id) { $(id).value = ""; });
    $("f-disagree").checked = false;
    state = {system: "", oracle: "", status: "", signature: "", text: "", disagree: false, page: 0};
    applyFilters();
  });
  $("p-first").addEventListener("click", function () { state.page = 0; render(); });
  $("p-prev").addEventListener("click", function () { state.page--; render(); });
  $("p-next").addEventListener("click", function () { state.page++; render(); });
  $("p-last").addEventListener("click", function () { state.page = 1e9; render(); });
  $("examples-body").addEventListener("click", function (e) {
    var b = e.target.closest("button.details");
    if (b) toggle(b);
  });

  /* A tiny API for scripted use (and the browser test). */
  window.sqlverdictReport = {
    data: D,
    setFilter: function (f) {
      Object.keys(f).forEach(function (k) {
        state[k] = f[k];
        var el = $("f-" + k);
        if (el) { if (el.type === "checkbox") el.checked = !!f[k]; else el.value = f[k]; }
      });
      applyFilters();
      return filtered.length;
    },
    openRow: function (i) {
      var b = document.querySelector('button.details[data-row="' + i + '"]');
      return b ? toggle(b) : null;
    },
    visibleRows: function () { return filtered.slice(state.page * PAGE, state.page * PAGE + PAGE); },
    matchCount: function () { return filtered.length; }
  };
  applyFilters();
})();
