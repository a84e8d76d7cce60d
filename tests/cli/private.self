private: ok
