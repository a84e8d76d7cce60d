sync-steady: ok
