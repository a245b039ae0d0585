raise RuntimeError("something nobody anticipated: frobnication failed")
