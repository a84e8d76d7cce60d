# gpulog: a plain Makefile.  `make run` installs what is missing, builds and
# starts gpulog; `make check` builds and runs every test.

PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
MANDIR  ?= $(PREFIX)/share/man
DESTDIR ?=

CC      ?= cc
CFLAGS  ?= -O2 -g
WARN     = -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes
STD      = -std=c11 -D_POSIX_C_SOURCE=200809L -D_XOPEN_SOURCE=700
BUILD   ?= build

PKG_CONFIG ?= pkg-config
pc_cflags = $(shell $(PKG_CONFIG) --cflags $(1) 2>/dev/null)
pc_libs   = $(shell $(PKG_CONFIG) --libs $(1) 2>/dev/null || echo $(2))

SQLITE_LIBS = $(call pc_libs,sqlite3,-lsqlite3)
CJSON_LIBS  = $(call pc_libs,libcjson,-lcjson)
CURL_LIBS   = $(call pc_libs,libcurl,-lcurl)
CURSES_LIBS = $(call pc_libs,ncursesw,-lncursesw)
DEP_CFLAGS  = $(call pc_cflags,sqlite3 libcjson libcurl)
# ncursesw's flags carry their own feature macros; only the -I part is
# kept, so that tui/ compiles under the same standard as the rest.
CURSES_CFLAGS = $(filter -I%,$(call pc_cflags,ncursesw))

ALL_CFLAGS = $(STD) $(WARN) $(CFLAGS) -I. $(DEP_CFLAGS) -MMD -MP
# libcurl is loaded with dlopen() when a fetch needs it (importers/fetch.c):
# only its headers are needed to build.
LIBS       = $(SQLITE_LIBS) $(CJSON_LIBS) -ldl -lm

LIB_SRC  = $(wildcard core/*.c) $(wildcard store/*.c) $(wildcard ops/*.c) \
	   $(wildcard importers/*.c)
CLI_SRC  = $(wildcard cli/*.c)
TUI_SRC  = $(wildcard tui/*.c)
UNIT_SRC = $(wildcard tests/unit/test-*.c)

LIB_OBJ  = $(LIB_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ  = $(CLI_SRC:%.c=$(BUILD)/%.o)
TUI_OBJ  = $(TUI_SRC:%.c=$(BUILD)/%.o)
UNIT_BIN = $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)

.PHONY: all run check check-unit check-cli check-tui check-asan \
	check-valgrind deps deps-check verify-deps install uninstall clean \
	lint fuzz bench

all: $(BUILD)/gpulog gpulog

gpulog: $(BUILD)/gpulog
	ln -sf $(BUILD)/gpulog gpulog

# Before anything compiles: a machine without the -dev packages is told
# what is missing and to run `make deps`, not shown a compiler error.
verify-deps:
	@sh scripts/deps.sh --verify $(CC)

$(LIB_OBJ) $(CLI_OBJ) $(TUI_OBJ): | verify-deps

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

$(BUILD)/tui/%.o: tui/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(CURSES_CFLAGS) -c $< -o $@

$(BUILD)/libgpulog.a: $(LIB_OBJ)
	rm -f $@
	$(AR) rcs $@ $(LIB_OBJ)

# The binary: the CLI and the dashboard over the library.  `gpulog add`
# never starts curses; the unit tests link the library alone.
$(BUILD)/gpulog: $(CLI_OBJ) $(TUI_OBJ) $(BUILD)/libgpulog.a
	$(CC) $(CFLAGS) -o $@ $(CLI_OBJ) $(TUI_OBJ) $(BUILD)/libgpulog.a \
	    $(LIBS) $(if $(TUI_OBJ),$(CURSES_LIBS)) $(LDFLAGS)

# Unit tests link the library alone: no cli/, no tui/, no curses.
$(BUILD)/tests/%: tests/unit/%.c $(BUILD)/libgpulog.a tests/unit/t.h
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(BUILD)/libgpulog.a $(LIBS) $(LDFLAGS)

# What building and running need (make run), and what every suite and
# make fuzz use besides (make check).
deps:
	@sh scripts/deps.sh build

deps-check:
	@sh scripts/deps.sh check

run: deps
	@$(MAKE) --no-print-directory all
	./$(BUILD)/gpulog

check: deps-check
	@$(MAKE) --no-print-directory check-unit check-cli check-tui \
	    check-valgrind
	@$(MAKE) --no-print-directory check-asan

# Dashboard screens in a private tmux server, when there are any.
check-tui: $(BUILD)/gpulog
	@if [ -f tests/run-tui.sh ]; then sh tests/run-tui.sh $(BUILD)/gpulog; fi

# valgrind's memcheck over chosen paths (the dashboard's --dump among
# them), then over every gpulog the CLI suite starts.
check-valgrind: $(BUILD)/gpulog
	@sh tests/run-valgrind.sh $(BUILD)/gpulog
	@VALGRIND=1 sh tests/run-cli.sh $(BUILD)/gpulog

check-unit: $(UNIT_BIN)
	@sh tests/run-unit.sh $(UNIT_BIN)

check-cli: $(BUILD)/gpulog
	@sh tests/layering.sh
	@sh tests/run-cli.sh $(BUILD)/gpulog
	@sh tests/run-man.sh

# The whole suite again under AddressSanitizer and UBSan.
check-asan:
	@$(MAKE) --no-print-directory BUILD=build/asan \
	    CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
	    LDFLAGS="-fsanitize=address,undefined" check-unit check-cli \
	    check-tui

# Benchmarks beside their floors (never part of check): histories of
# BENCH_SIZES runs are generated once into build/bench and reused.
BENCH_SIZES ?= 1000 100000 1000000

bench: deps-check all
	python3 tests/bench/bench.py $(BUILD)/gpulog build/bench $(BENCH_SIZES)

# libFuzzer targets (clang), each run FUZZ_S seconds from its seed corpus.
FUZZ_S     ?= 10
FUZZ_CC    ?= clang
FUZZ_FLAGS  = -g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined
FUZZ_SRC    = $(wildcard tests/fuzz/fuzz-*.c)
FUZZ_BIN    = $(FUZZ_SRC:tests/fuzz/%.c=build/fuzz/%)
FUZZ_LIB    = $(LIB_SRC:%.c=build/fuzz/lib/%.o)

build/fuzz/lib/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(STD) -I. $(DEP_CFLAGS) $(FUZZ_FLAGS) \
	    -fsanitize=fuzzer-no-link -c $< -o $@

build/fuzz/%: tests/fuzz/%.c $(FUZZ_LIB)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(STD) -I. $(DEP_CFLAGS) $(FUZZ_FLAGS) -fsanitize=fuzzer \
	    -o $@ $< $(FUZZ_LIB) $(LIBS)

.SECONDARY: $(FUZZ_LIB)

fuzz: deps-check
	@$(MAKE) --no-print-directory $(FUZZ_BIN)
	@sh tests/run-fuzz.sh $(FUZZ_S) $(FUZZ_BIN)

lint:
	cppcheck --quiet --error-exitcode=1 --enable=warning,portability \
	    --std=c11 -I. core store ops cli importers $(wildcard tui)
	mandoc -Tlint -W warning man/gpulog.1

install: all
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1
	cp $(BUILD)/gpulog $(DESTDIR)$(BINDIR)/gpulog
	chmod 755 $(DESTDIR)$(BINDIR)/gpulog
	cp man/gpulog.1 $(DESTDIR)$(MANDIR)/man1/gpulog.1
	chmod 644 $(DESTDIR)$(MANDIR)/man1/gpulog.1
	mkdir -p $(DESTDIR)$(PREFIX)/share/bash-completion/completions \
	    $(DESTDIR)$(PREFIX)/share/zsh/site-functions
	cp completions/gpulog.bash \
	    $(DESTDIR)$(PREFIX)/share/bash-completion/completions/gpulog
	cp completions/_gpulog $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_gpulog
	chmod 644 $(DESTDIR)$(PREFIX)/share/bash-completion/completions/gpulog \
	    $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_gpulog

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/gpulog $(DESTDIR)$(MANDIR)/man1/gpulog.1
	rm -f $(DESTDIR)$(PREFIX)/share/bash-completion/completions/gpulog \
	    $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_gpulog

clean:
	rm -rf build gpulog

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(TUI_OBJ:.o=.d)
