sync-undo: ok
