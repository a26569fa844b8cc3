"""fetchkit: helpers shared by our HTTP clients."""
from fetchkit.retry import backoff_schedule, call_with_retry, should_retry
from fetchkit.urls import join_url, with_query

__all__ = ["backoff_schedule", "call_with_retry", "should_retry", "join_url", "with_query"]
