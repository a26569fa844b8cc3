"""How dangerous an action is, by hard-coded rules: the shell read through to its simple commands, the
command tables, and `classify()`. It fails closed; the model's opinion never counts."""
