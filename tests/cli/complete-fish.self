complete-fish: ok
