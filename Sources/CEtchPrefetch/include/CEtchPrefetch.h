#ifndef CETCHPREFETCH_H
#define CETCHPREFETCH_H

/// Asks the processor to bring the cache line at `address` into its caches, without
/// waiting for it: a hint, which never faults and which the processor may ignore.
static inline __attribute__((always_inline)) void etch_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif
