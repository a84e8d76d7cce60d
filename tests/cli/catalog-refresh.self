catalog-refresh: ok
