# vcf2birthdays — build, test, install.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
# Where the program looks for libVCPhone.so: ../lib/vcf2birthdays from its own folder.
LIBDIR = $(BINDIR)/../lib/vcf2birthdays
# Where each shell looks for the completions of installed programs.
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR ?= $(PREFIX)/share/zsh/site-functions
FISHCOMPDIR ?= $(PREFIX)/share/fish/vendor_completions.d
SWIFT ?= swift
# The C++ compiler that links libVCPhone.so again (see build): the toolchain's clang++, else c++.
PHONE_CXX ?= $(shell command -v clang++ || command -v c++)
BIN := .build/release/vcf2birthdays

.PHONY: all build version docs test test-sanitize test-integration fuzz demo install uninstall deb lint bench bench-instructions unsafe-census microbench clean

all: build

# The Swift runtime linked in (--static-swift-stdlib): the binary needs only ICU and the C and
# C++ runtimes at run time (and libphonenumber, through libVCPhone.so, for --dupes and --merge), starts faster, and maps about 3 MiB less than with the shared
# Swift libraries (the peak memory of a streaming run is mostly those libraries).
build: version
	@scripts/require-packages.sh build
	$(SWIFT) build -c release --static-swift-stdlib
	@# libVCPhone.so again, from its C++ object alone: SwiftPM links every library to the Swift
	@# runtime (libswiftCore.so, found through a run path into the toolchain), which this C++
	@# library has no use for and a machine without Swift has not: the program could not load it.
	$(PHONE_CXX) -shared -o .build/release/libVCPhone.so .build/release/VCPhone.build/vc_phone.cpp.o -lphonenumber

# What --version says: `git describe` of the source, into .build/version.h (rewritten only when
# it changes, so that only the one C file it goes into is compiled again).
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo unknown)
version:
	@mkdir -p .build
	@printf '#define VCF2BIRTHDAYS_VERSION "%s"\n' '$(VERSION)' > .build/version.h.new
	@cmp -s .build/version.h.new .build/version.h && rm .build/version.h.new || mv .build/version.h.new .build/version.h

# Unit, golden and end-to-end tests, then the man page lint. The whole output (about 2,300
# lines) goes to .build/test.log; shown are the lines to read: compiler warnings and errors,
# failed and skipped tests, and the count.
TEST_SHOWN = ': (warning|error):|✘|skipped|Test run with'
test: version
	@scripts/require-packages.sh test
	@echo "building and testing; the whole output goes to .build/test.log"
	@status=0; { $(SWIFT) build && VCF2BIRTHDAYS_EXPECTED_VERSION='$(VERSION)' $(SWIFT) test --disable-xctest; } \
		> .build/test.log 2>&1 || status=$$?; \
	grep -E $(TEST_SHOWN) .build/test.log; \
	if [ $$status -ne 0 ]; then echo "make test: failed (exit $$status); the whole output: .build/test.log" >&2; exit $$status; fi
	@$(MAKE) --no-print-directory lint

# The test suite again under AddressSanitizer (with LeakSanitizer), and UndefinedBehaviorSanitizer
# on the C code (Swift checks overflow and bounds itself); a separate build folder.
SANITIZE := --sanitize=address -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined \
	-Xswiftc -Xclang-linker -Xswiftc -fsanitize=undefined --scratch-path .build-sanitize
# Then the tests of what runs on threads (--threads; --dupes' keys made on them) under ThreadSanitizer.
test-sanitize: version
	@scripts/require-packages.sh test
	$(SWIFT) build --build-tests $(SANITIZE)
	LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan-suppressions.txt UBSAN_OPTIONS=print_stacktrace=1 \
		$(SWIFT) test --skip-build --disable-xctest $(SANITIZE)
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --skip-build --disable-xctest --sanitize=thread --scratch-path .build-tsan \
		--filter 'PartitionedVCardTests|PartitionedCSVTests|FilePrefetcherTests|FormattedOutputTests|WorkerThreadsTests|duplicatesOnThreads'

# The birthday calendar and the address book on a real CalDAV/CardDAV server (Radicale) through a
# real sync tool (vdirsyncer), both installed from PyPI into .build/integration-venv.
test-integration: version
	@scripts/require-packages.sh build
	$(SWIFT) build
	python3 scripts/integration_test.py .build/debug/vcf2birthdays

# libFuzzer targets (Fuzz/), FUZZ_SECONDS each (default 60); FUZZ_SEED and FUZZ_RUNS make a run
# repeatable, as the CI smoke is (.ci/run).
fuzz:
	@scripts/require-packages.sh build
	scripts/fuzz.sh

# The main job on the bundled sample contacts: a birthday list sorted by family name. The
# build's output goes to .build/demo-build.log, shown only when the build fails.
demo:
	@mkdir -p .build
	@echo "building (a minute or two the first time; its output goes to .build/demo-build.log)" >&2
	@$(MAKE) --no-print-directory build > .build/demo-build.log 2>&1 || { cat .build/demo-build.log; exit 1; }
	@$(BIN) Fixtures/apple-contacts.vcf Fixtures/google-contacts.vcf \
		Fixtures/android-2.1.vcf Fixtures/nextcloud-4.0.vcf Fixtures/vdir

# The library's documentation, one archive per layer (DocC: Sources/*/*.docc and the doc
# comments), into .build/plugins/Swift-DocC/outputs/*.doccarchive; a warning fails it.
docs:
	@scripts/require-packages.sh build
	$(SWIFT) package generate-documentation --warnings-as-errors \
		--target ContactsCore --target ContactFormats --target ContactsOutput --target VCFBirthdays

# The binary is installed stripped of its debug information (about 16 MB instead of 29).
# libVCPhone.so, libphonenumber's front, goes to LIBDIR, where the program loads it from when it
# compares phone numbers (--dupes, --merge). The bash, zsh and fish completions are made by the
# program itself (--generate-completion-script) and go where each shell looks for them.
install: build
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(LIBDIR) \
		$(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR)
	install -s -m 755 $(BIN) $(DESTDIR)$(BINDIR)/vcf2birthdays
	install -s -m 755 .build/release/libVCPhone.so $(DESTDIR)$(LIBDIR)/libVCPhone.so
	install -m 644 man/vcf2birthdays.1 $(DESTDIR)$(MANDIR)/man1/vcf2birthdays.1
	$(BIN) --generate-completion-script bash > $(DESTDIR)$(BASHCOMPDIR)/vcf2birthdays
	$(BIN) --generate-completion-script zsh > $(DESTDIR)$(ZSHCOMPDIR)/_vcf2birthdays
	$(BIN) --generate-completion-script fish > $(DESTDIR)$(FISHCOMPDIR)/vcf2birthdays.fish
	chmod 644 $(DESTDIR)$(BASHCOMPDIR)/vcf2birthdays $(DESTDIR)$(ZSHCOMPDIR)/_vcf2birthdays $(DESTDIR)$(FISHCOMPDIR)/vcf2birthdays.fish

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/vcf2birthdays $(DESTDIR)$(MANDIR)/man1/vcf2birthdays.1 $(DESTDIR)$(LIBDIR)/libVCPhone.so \
		$(DESTDIR)$(BASHCOMPDIR)/vcf2birthdays $(DESTDIR)$(ZSHCOMPDIR)/_vcf2birthdays $(DESTDIR)$(FISHCOMPDIR)/vcf2birthdays.fish
	-rmdir $(DESTDIR)$(LIBDIR)

# A Debian package (.build/vcf2birthdays_VERSION_ARCH.deb) of what make install puts in /usr:
# the binary, libVCPhone.so, the man page and the completions; its dependencies are the
# packages of the libraries the binary and libVCPhone.so link (scripts/make-deb.sh).
deb: build
	scripts/make-deb.sh '$(VERSION)'

lint:
	@scripts/require-packages.sh test
	mandoc -T lint -W warning man/vcf2birthdays.1

# Timings beside wc -l, cat and the peers; writes BENCHMARKS.md and BENCHMARKS.png.
# BENCH_SIZES=10000,100000 BENCH_RUNS=3 BENCH_PEERS=0 make bench for a quicker run.
bench:
	@scripts/require-packages.sh build
	python3 scripts/bench.py

# The work per person of each main path on one thread, in instructions (valgrind's callgrind:
# repeatable where seconds are not), against scripts/instructions-baseline.tsv; more than 3 %
# above it fails (CI runs it). INSTRUCTIONS_UPDATE=1 writes the baseline; INSTRUCTIONS_PEERS=1
# counts abook and Python's csv on the same jobs too.
bench-instructions:
	@scripts/require-packages.sh instructions
	python3 scripts/bench_instructions.py

# Micro-benchmarks of the hot paths (Bench/): unfolding, quoted-printable, dates, CSV
# tokenizing, ICU sort keys, JSON escaping; time per item, to compare before and after a change.
# The files the compiler's strict memory safety check finds unsafe code in, against
# scripts/unsafe-census.txt, which may only shrink (UNSAFE_CENSUS_UPDATE=1 writes it).
unsafe-census:
	scripts/unsafe-census.sh

microbench:
	@scripts/require-packages.sh build
	$(SWIFT) run -c release --package-path Bench microbench

clean:
	rm -rf .build .build-sanitize .build-tsan Fuzz/.build Bench/.build
