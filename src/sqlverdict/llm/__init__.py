"""A small, reusable OpenAI-compatible chat client with retries, an on-disk cache and usage
accounting. Shared by constraint validation, generation and labelling.

>>> from sqlverdict.llm import LLMClient, parse_json_answer
>>> parse_json_answer('{"ok": 1}')
{'ok': 1}
"""

from .cache import ResponseCache, request_key
from .client import (
    API_KEY_VARS,
    ChatResponse,
    Choice,
    LLMClient,
    LLMError,
    LLMHTTPError,
    LLMJSONError,
    LLMTimeout,
    Usage,
    api_key_from_env,
    parse_retry_after,
)
from .jsonmode import check_shape, parse_json_answer

__all__ = [
    "API_KEY_VARS",
    "ChatResponse",
    "Choice",
    "LLMClient",
    "LLMError",
    "LLMHTTPError",
    "LLMJSONError",
    "LLMTimeout",
    "ResponseCache",
    "Usage",
    "api_key_from_env",
    "check_shape",
    "parse_json_answer",
    "parse_retry_after",
    "request_key",
]
