#!/bin/bash
# Side by side on the same BIRD pairs: the bounded verifier with ir/encode/fallback/replay as
# at BEFORE (59456a1) and as at AFTER, both with AFTER's api.py. Writes
# build/verify_side/{before,after}.jsonl; the table is benchmarks/results/verify_bird_side_by_side.md.
# Needs build/verify_scale/bird_pairs_s400.jsonl (python -m benchmarks.verify_scale --set bird --sample 400 ...).
set -e
cd "$(git rev-parse --show-toplevel)"
BEFORE=${BEFORE:-59456a1}; AFTER=${AFTER:-HEAD}
OUT=build/verify_side; mkdir -p $OUT
head -60 build/verify_scale/bird_pairs_s400.jsonl > $OUT/pairs.jsonl
grep -E '"id": "(alpha_sql:(132|944|1296|1432)|gsr:(132|163|518)|codes-15b-bird-with-evidence:(37|159|250))"' \
    build/verify_scale/bird_pairs_s400.jsonl >> $OUT/pairs.jsonl
for name in before after; do
  wt=$(mktemp -d)/wt; git worktree add -q --detach "$wt" "$AFTER"
  if [ $name = before ]; then
    for f in ir encode fallback replay; do
      git show "$BEFORE:src/sqlverdict/oracles/bounded/$f.py" > "$wt/src/sqlverdict/oracles/bounded/$f.py"
    done
  fi
  rm -f $OUT/$name.jsonl
  PYTHONPATH=$wt/src python -c "
from sqlverdict.oracles.bounded.batch import verify_batch
print('$name', verify_batch('$OUT/pairs.jsonl', '$OUT/$name.jsonl', bound=5, timeout_s=60, workers=1))"
  git worktree remove --force "$wt"
done
