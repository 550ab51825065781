// The few C-library and ARM EABI helpers Embedded Swift code calls into. There is deliberately no
// malloc, free or posix_memalign: the firmware allocates nothing, and a reference to an allocator
// fails the link (undefined symbol) instead of reaching a heap that does not exist.
// Built with -ffreestanding -fno-builtin so these loops are not turned back into calls to themselves.
#include <stddef.h>
#include <stdint.h>

void *memcpy(void *restrict dst, const void *restrict src, size_t n) {
    uint8_t *d = dst;
    const uint8_t *s = src;
    if ((((uintptr_t)d ^ (uintptr_t)s) & 3) == 0) {
        // Equally misaligned (a field after a byte or a half-word): bytes up to the word boundary,
        // then words, instead of bytes all the way.
        for (; n && ((uintptr_t)d & 3); n--) *d++ = *s++;
        // Four words a step (one load-multiple and one store-multiple): the scan copies lists of
        // a few hundred bytes every frame, and a word at a time took five instructions a word.
        for (; n >= 16; n -= 16, d += 16, s += 16) {
            uint32_t a = ((const uint32_t *)s)[0], b = ((const uint32_t *)s)[1];
            uint32_t c = ((const uint32_t *)s)[2], e = ((const uint32_t *)s)[3];
            ((uint32_t *)d)[0] = a;
            ((uint32_t *)d)[1] = b;
            ((uint32_t *)d)[2] = c;
            ((uint32_t *)d)[3] = e;
        }
        for (; n >= 4; n -= 4, d += 4, s += 4) *(uint32_t *)d = *(const uint32_t *)s;
    }
    while (n--) *d++ = *s++;
    return dst;
}

void *memmove(void *dst, const void *src, size_t n) {
    uint8_t *d = dst;
    const uint8_t *s = src;
    if (d == s || n == 0) return dst;
    if (d < s || d >= s + n) return memcpy(dst, src, n);
    while (n--) d[n] = s[n];
    return dst;
}

void *memset(void *dst, int c, size_t n) {
    uint8_t *d = dst;
    uint8_t byte = (uint8_t)c;
    // Bytes up to a word boundary, then words (a buffer after a byte field was cleared byte by byte).
    for (; n && ((uintptr_t)d & 3); n--) *d++ = byte;
    uint32_t word = byte * 0x01010101u;
    for (; n >= 16; n -= 16, d += 16) {
        ((uint32_t *)d)[0] = word;
        ((uint32_t *)d)[1] = word;
        ((uint32_t *)d)[2] = word;
        ((uint32_t *)d)[3] = word;
    }
    for (; n >= 4; n -= 4, d += 4) *(uint32_t *)d = word;
    while (n--) *d++ = byte;
    return dst;
}

int memcmp(const void *a, const void *b, size_t n) {
    const uint8_t *x = a, *y = b;
    for (; n; n--, x++, y++) {
        if (*x != *y) return *x < *y ? -1 : 1;
    }
    return 0;
}

// The EABI names LLVM uses for the same operations on *-eabi targets (note __aeabi_memset's
// argument order: destination, length, value).
void __aeabi_memcpy(void *d, const void *s, size_t n) { memcpy(d, s, n); }
void __aeabi_memcpy4(void *d, const void *s, size_t n) { memcpy(d, s, n); }
void __aeabi_memcpy8(void *d, const void *s, size_t n) { memcpy(d, s, n); }
void __aeabi_memmove(void *d, const void *s, size_t n) { memmove(d, s, n); }
void __aeabi_memmove4(void *d, const void *s, size_t n) { memmove(d, s, n); }
void __aeabi_memmove8(void *d, const void *s, size_t n) { memmove(d, s, n); }
void __aeabi_memset(void *d, size_t n, int c) { memset(d, c, n); }
void __aeabi_memset4(void *d, size_t n, int c) { memset(d, c, n); }
void __aeabi_memset8(void *d, size_t n, int c) { memset(d, c, n); }
void __aeabi_memclr(void *d, size_t n) { memset(d, 0, n); }
void __aeabi_memclr4(void *d, size_t n) { memset(d, 0, n); }
void __aeabi_memclr8(void *d, size_t n) { memset(d, 0, n); }
