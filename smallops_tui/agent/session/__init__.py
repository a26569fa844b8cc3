"""The supervised session: the loop, what is asked and decided, steering, policy, prompts, the context
alarm, the guards against the seed's failure modes, the executors, and the fold every view renders."""
