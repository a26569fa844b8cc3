"""What a model's reply means: the action vocabulary, the tolerant parser and its JSON reader, and the
split of streamed text into reasoning and answer."""
