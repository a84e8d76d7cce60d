# gpulog: a plain Makefile.  `make run` installs what is missing, builds and
# starts gpulog; `make check` builds and runs every test.

prefix  ?= /usr/local
PREFIX  ?= $(prefix)
BINDIR  ?= $(PREFIX)/bin
MANDIR  ?= $(PREFIX)/share/man
DESTDIR ?=

CC      ?= cc
CFLAGS  ?= -O2 -g
WARN     = -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes
STD      = -std=c11 -D_POSIX_C_SOURCE=200809L -D_XOPEN_SOURCE=700
BUILD   ?= build

# A quiet build: a line for each file made (`make V=1` shows the whole
# commands), and a build with nothing to do prints nothing.
ifneq ($(V),1)
MAKEFLAGS += -s
say = @printf '  %-3s %s\n' $(1) $@;
endif

PKG_CONFIG ?= pkg-config

# macOS: Homebrew's ncurses, sqlite and curl are keg-only (not linked into
# Homebrew's prefix, so pkg-config does not see them, and the system's
# older ones would be used).  Each one's lib/pkgconfig, found through
# `brew --prefix FORMULA`, goes first on PKG_CONFIG_PATH for pkg-config;
# scripts/deps.sh looks in the same places.  (make 3.81, Apple's, passes
# no exported variable to $(shell): the path is given on its command.)
BREW_KEGS = ncurses sqlite curl
UNAME := $(shell uname -s 2>/dev/null)
ifeq ($(UNAME),Darwin)
brew_pc = $(if $(1),$(wildcard $(1)/lib/pkgconfig))
BREW_PC := $(strip $(foreach f,$(BREW_KEGS),$(call brew_pc,$(shell \
	brew --prefix $(f) 2>/dev/null))))
ifneq ($(BREW_PC),)
empty :=
space := $(empty) $(empty)
PKG_ENV = PKG_CONFIG_PATH="$(subst $(space),:,$(BREW_PC))$${PKG_CONFIG_PATH:+:$$PKG_CONFIG_PATH}"
endif
endif
pc_cflags = $(shell $(PKG_ENV) $(PKG_CONFIG) --cflags $(1) 2>/dev/null)
pc_libs   = $(shell $(PKG_ENV) $(PKG_CONFIG) --libs $(1) 2>/dev/null || \
	echo $(2))

# SQLite and ncursesw are linked from their archives where the compiler
# finds them (Debian's -dev packages ship them): a command then starts
# without loading and relocating three shared libraries, 0.7 ms of the
# 8 ms that `gpulog status` took (README, Performance).  LINK_STATIC=0,
# no archive, or macOS (Homebrew's kegs are found by pkg-config alone)
# links the shared ones.
LINK_STATIC ?= $(if $(filter Darwin,$(UNAME)),0,1)
archive = $(if $(filter 1,$(LINK_STATIC)),$(filter /%,$(shell \
	$(CC) -print-file-name=lib$(1).a 2>/dev/null)))
SQLITE_A  := $(call archive,sqlite3)
CURSES_A  := $(call archive,ncursesw)
TINFO_A   := $(call archive,tinfo)
SQLITE_LIBS = $(if $(SQLITE_A),$(SQLITE_A) -lpthread -ldl -lm,\
	$(call pc_libs,sqlite3,-lsqlite3))
CJSON_DIR   = $(shell $(PKG_ENV) $(PKG_CONFIG) --variable=libdir libcjson \
	2>/dev/null)
CURL_LIBS   = $(call pc_libs,libcurl,-lcurl)
CURSES_LIBS = $(if $(and $(CURSES_A),$(TINFO_A)),$(CURSES_A) $(TINFO_A),\
	$(call pc_libs,ncursesw,-lncursesw))
DEP_CFLAGS  = $(call pc_cflags,sqlite3 libcjson libcurl)
# ncursesw's flags carry their own feature macros; only the -I part is
# kept, so that tui/ compiles under the same standard as the rest.
CURSES_CFLAGS = $(filter -I%,$(call pc_cflags,ncursesw))

ALL_CFLAGS = $(STD) $(WARN) $(CPPFLAGS) $(CFLAGS) -I. $(DEP_CFLAGS) -MMD -MP
# libcurl is loaded with dlopen() when a fetch needs it (importers/fetch.c),
# libcjson when a JSON reader does (importers/cjson.c, which also looks in
# the directory pkg-config names, CJSON_DIR): only their headers are
# needed to build.
LIBS       = $(SQLITE_LIBS) -ldl -lm

LIB_SRC  = $(wildcard core/*.c) $(wildcard store/*.c) $(wildcard ops/*.c) \
	   $(wildcard importers/*.c)
CLI_SRC  = $(wildcard cli/*.c)
TUI_SRC  = $(wildcard tui/*.c)
UNIT_SRC = $(wildcard tests/unit/test-*.c)

LIB_OBJ  = $(LIB_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ  = $(CLI_SRC:%.c=$(BUILD)/%.o)
TUI_OBJ  = $(TUI_SRC:%.c=$(BUILD)/%.o)
UNIT_BIN = $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)

.PHONY: shots all run test check check-unit check-cli check-tui check-asan \
	check-valgrind check-stages unit-bins \
	stage-asan-build stage-asan-unit stage-asan-cli stage-asan-tui \
	stage-cli stage-unit stage-tui stage-valgrind deps deps-check deps-lint \
	verify-deps install uninstall clean lint fuzz bench dist

all: $(BUILD)/gpulog gpulog

gpulog: $(BUILD)/gpulog
	ln -sf $(BUILD)/gpulog gpulog

# Before anything compiles: a machine without the -dev packages is told
# what is missing and to run `make deps`, not shown a compiler error.
# Checked once per build directory (a stamp), so that a build with
# nothing to do does nothing and `make -q` says so.
verify-deps:
	@sh scripts/deps.sh --verify $(CC)

$(BUILD)/.deps-verified:
	@sh scripts/deps.sh --verify $(CC)
	@mkdir -p $(BUILD) && touch $@

$(LIB_OBJ) $(CLI_OBJ) $(TUI_OBJ): | $(BUILD)/.deps-verified

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(call say,CC)$(CC) $(ALL_CFLAGS) -c $< -o $@

$(BUILD)/importers/cjson.o: ALL_CFLAGS += -DCJSON_LIBDIR='"$(CJSON_DIR)"'

$(BUILD)/tui/%.o: tui/%.c
	@mkdir -p $(dir $@)
	$(call say,CC)$(CC) $(ALL_CFLAGS) $(CURSES_CFLAGS) -c $< -o $@

$(BUILD)/libgpulog.a: $(LIB_OBJ)
	rm -f $@
	$(call say,AR)$(AR) rcs $@ $(LIB_OBJ)

# The binary: the CLI and the dashboard over the library.  `gpulog add`
# never starts curses; the unit tests link the library alone.
$(BUILD)/gpulog: $(CLI_OBJ) $(TUI_OBJ) $(BUILD)/libgpulog.a
	$(call say,LD)$(CC) $(CFLAGS) -o $@ $(CLI_OBJ) $(TUI_OBJ) $(BUILD)/libgpulog.a \
	    $(LIBS) $(if $(TUI_OBJ),$(CURSES_LIBS)) $(LDFLAGS)

# Unit tests link the library alone: no cli/, no tui/, no curses.
$(BUILD)/tests/%: tests/unit/%.c $(BUILD)/libgpulog.a tests/unit/t.h
	@mkdir -p $(dir $@)
	$(call say,LD)$(CC) $(ALL_CFLAGS) -o $@ $< $(BUILD)/libgpulog.a $(LIBS) $(LDFLAGS)

# What building and running need (make deps, make run); that and what
# every suite and make fuzz use (make check); what make lint uses.
deps:
	@sh scripts/deps.sh build

deps-check:
	@sh scripts/deps.sh check

deps-lint:
	@sh scripts/deps.sh lint

run: deps
	@$(MAKE) --no-print-directory all
	@echo "gpulog: the manual: man ./man/gpulog.1 (man gpulog once" \
	    "make install has put it on MANPATH)"
	./$(BUILD)/gpulog

# make check: every suite, and all but valgrind's again under ASan/UBSan,
# as stages side by side, CHECK_JOBS at a time (default: the number of
# processors); the CLI suites run JOBS tests at a time themselves, and the
# first one (stage cli) runs memcheck on the first gpulog of each kind
# (tests/run-cli.sh).  The build comes first, so that the longest stage
# starts first.  Each stage prints its output as one block with its time
# (tests/stage.sh), and a table of the stages' times ends it.
NPROC      := $(shell getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
CHECK_JOBS ?= $(NPROC)
CHECK_DIR   = build/check
STAGE       = sh tests/stage.sh $(CHECK_DIR)
ASAN        = BUILD=build/asan \
    CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
    LDFLAGS="-fsanitize=address,undefined"

check: deps-check
	@rm -rf $(CHECK_DIR) && mkdir -p $(CHECK_DIR) && \
	    date +%s >$(CHECK_DIR)/start
	@$(STAGE) build $(MAKE) --no-print-directory -j$(CHECK_JOBS) \
	    all unit-bins && \
	    $(MAKE) --no-print-directory -k -j$(CHECK_JOBS) check-stages; \
	    rc=$$?; sh tests/stage.sh --summary $(CHECK_DIR); exit $$rc

# The longest first: the CLI suite (with memcheck), and the ASan build.
check-stages: stage-cli stage-asan-cli stage-unit stage-tui \
    stage-valgrind stage-asan-unit stage-asan-tui

unit-bins: $(UNIT_BIN)

stage-asan-build:
	@$(STAGE) asan-build $(MAKE) --no-print-directory $(ASAN) all unit-bins

stage-asan-unit: stage-asan-build
	@$(STAGE) asan-unit $(MAKE) --no-print-directory $(ASAN) check-unit

stage-asan-cli: stage-asan-build
	@$(STAGE) asan-cli $(MAKE) --no-print-directory $(ASAN) check-cli

stage-asan-tui: stage-asan-build
	@$(STAGE) asan-tui $(MAKE) --no-print-directory $(ASAN) check-tui

stage-cli: $(BUILD)/gpulog
	@$(STAGE) cli env VALGRIND=1 $(MAKE) --no-print-directory check-cli

stage-unit: $(UNIT_BIN)
	@$(STAGE) unit $(MAKE) --no-print-directory check-unit

stage-tui: $(BUILD)/gpulog
	@$(STAGE) tui $(MAKE) --no-print-directory check-tui

stage-valgrind: $(BUILD)/gpulog
	@$(STAGE) valgrind sh tests/run-valgrind.sh $(BUILD)/gpulog

# Dashboard screens in a private tmux server, when there are any.
check-tui: $(BUILD)/gpulog
	@if [ -f tests/run-tui.sh ]; then sh tests/run-tui.sh $(BUILD)/gpulog; fi

# valgrind's memcheck over chosen paths (the dashboard's --dump among
# them), then over the first gpulog of each kind the CLI suite starts.
check-valgrind: $(BUILD)/gpulog
	@sh tests/run-valgrind.sh $(BUILD)/gpulog
	@VALGRIND=1 sh tests/run-cli.sh $(BUILD)/gpulog

# The inner loop: the unit tests, the CLI suite with its soak loops
# shortened and no memcheck, the manual's check and the dashboard's.
test: $(BUILD)/gpulog $(UNIT_BIN)
	@sh tests/run-unit.sh $(UNIT_BIN)
	@sh tests/layering.sh
	@QUICK=1 sh tests/run-cli.sh $(BUILD)/gpulog
	@GPULOG_BIN=$(BUILD)/gpulog sh tests/run-man.sh
	@$(MAKE) --no-print-directory check-tui

check-unit: $(UNIT_BIN)
	@sh tests/run-unit.sh $(UNIT_BIN)

check-cli: $(BUILD)/gpulog
	@sh tests/layering.sh
	@sh tests/run-cli.sh $(BUILD)/gpulog
	@GPULOG_BIN=$(BUILD)/gpulog sh tests/run-man.sh

# The unit, CLI and dashboard suites again under AddressSanitizer and
# UBSan.
check-asan:
	@$(MAKE) --no-print-directory $(ASAN) check-unit check-cli check-tui

# Benchmarks beside their floors (never part of check): histories of
# BENCH_SIZES runs are generated once into build/bench and reused.
BENCH_SIZES ?= 1000 100000 1000000

bench: deps-check all
	python3 tests/bench/bench.py $(BUILD)/gpulog build/bench $(BENCH_SIZES)

# The Overview in real xterm windows, as PNG files (scripts/shots.sh).
shots: all
	sh scripts/shots.sh $(BUILD)/gpulog build/shots

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

lint: deps-lint
	cppcheck --quiet --error-exitcode=1 --enable=warning,portability \
	    --std=c11 -I. core store ops cli importers $(wildcard tui)
	mandoc -Tlint -W warning man/gpulog.1

# make install notes what it made in INSTALL_LIST (the files, and the
# directories that were not there), and make uninstall removes just that,
# with the same PREFIX, MANDIR and DESTDIR (scripts/install.sh).
BASHCOMPDIR  ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR   ?= $(PREFIX)/share/zsh/site-functions
FISHCOMPDIR  ?= $(PREFIX)/share/fish/vendor_completions.d
INSTALL_LIST  = $(PREFIX)/share/gpulog/installed
INSTALLED     = $(BINDIR)/gpulog $(MANDIR)/man1/gpulog.1 \
    $(BASHCOMPDIR)/gpulog $(ZSHCOMPDIR)/_gpulog \
    $(FISHCOMPDIR)/gpulog.fish

install: all
	@DESTDIR="$(DESTDIR)" sh scripts/install.sh install $(INSTALL_LIST) \
	    $(BUILD)/gpulog 755 $(BINDIR)/gpulog \
	    man/gpulog.1 644 $(MANDIR)/man1/gpulog.1 \
	    completions/gpulog.bash 644 $(BASHCOMPDIR)/gpulog \
	    completions/_gpulog 644 $(ZSHCOMPDIR)/_gpulog \
	    completions/gpulog.fish 644 $(FISHCOMPDIR)/gpulog.fish

uninstall:
	@DESTDIR="$(DESTDIR)" sh scripts/install.sh uninstall $(INSTALL_LIST) \
	    $(INSTALLED)

# The release tarball: every file git tracks, in a directory named after
# the version, so that it builds and passes `make check` on its own.
VERSION = $(shell sed -n 's/^\#define GPULOG_VERSION "\(.*\)"/\1/p' cli/main.c)
DIST    = gpulog-$(VERSION)

dist:
	@git ls-files >/dev/null 2>&1 || \
	    { echo "dist: needs the git checkout (git ls-files)" >&2; exit 1; }
	@rm -rf $(BUILD)/dist && mkdir -p $(BUILD)/dist/$(DIST)
	@git ls-files | tar -cf - -T - | (cd $(BUILD)/dist/$(DIST) && tar -xf -)
	@(cd $(BUILD)/dist && tar -cf - $(DIST)) | gzip -9n >$(DIST).tar.gz
	@rm -rf $(BUILD)/dist
	@echo "dist: $(DIST).tar.gz"

clean:
	rm -rf build $(BUILD) gpulog gpulog-*.tar.gz

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(TUI_OBJ:.o=.d)
