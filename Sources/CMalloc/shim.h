// glibc's malloc tuning (mallopt, M_ARENA_MAX), which the Glibc module leaves out.
#include <malloc.h>
