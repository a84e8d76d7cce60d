hledger: ok
