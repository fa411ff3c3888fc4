/*
 * compat.h: the few compiler and system differences hostbench papers over,
 * in one place.  Include after config.h.
 */
#ifndef HB_COMPAT_H
#define HB_COMPAT_H

#if defined(__GNUC__) || defined(__clang__)
# define HB_NORETURN __attribute__((noreturn))
# define HB_PRINTF(f, a) __attribute__((format(printf, f, a)))
# define HB_NOINLINE __attribute__((noinline))
#else
# define HB_NORETURN
# define HB_PRINTF(f, a)
# define HB_NOINLINE
#endif

/*
 * Keep a value alive: the compiler must assume the asm reads it, so the
 * work that produced it cannot be deleted, yet no instruction is emitted.
 */
#if defined(__GNUC__) || defined(__clang__)
# define HB_USE(v) __asm__ __volatile__("" : : "r"(v) : "memory")
#else
# define HB_USE(v) hb_use_sink((uintptr_t)(v))
#endif

#include <stdint.h>
extern volatile uintptr_t hb_sink;
static inline void hb_use_sink(uintptr_t v) { hb_sink += v; }

#define HB_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#endif
