"""Running many judgements: the resumable journal and the process pool."""
