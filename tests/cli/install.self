install: ok
