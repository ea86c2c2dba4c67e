#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer on `test_one_input` with the command line's options. SwiftPM renames an
/// executable's `main`, so each target calls this from the entry point it expects.
int fuzz_driver_run(int argc, char **argv, int (*test_one_input)(const uint8_t *data, size_t size));
