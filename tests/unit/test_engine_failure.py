"""What the embedded worker's failures are called: a conversation past the model's window is not
the grammar's fault (it was once retried as a refused grammar) and is said with its numbers."""

from smallops_tui.backends.embedded import engine_failure


def test_a_prompt_past_the_window_is_context_full_with_the_numbers() -> None:
    kind, said = engine_failure("ValueError: Requested tokens (8240) exceed context window of 8192")
    assert kind == "context_full"
    assert "8,240 tokens" in said and "8,192-token window" in said and "drop-oldest" in said


def test_any_other_failure_is_the_engine_s_as_it_came() -> None:
    kind, said = engine_failure("ValueError: llama.cpp could not parse the grammar")
    assert kind == "engine_error" and said == "the embedded model failed: ValueError: llama.cpp could not parse the grammar"
