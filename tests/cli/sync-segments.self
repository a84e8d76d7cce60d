sync-segments: ok
