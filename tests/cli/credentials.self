credentials: ok
