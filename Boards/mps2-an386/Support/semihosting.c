// ARM semihosting through `bkpt 0xab`: QEMU (-semihosting-config enable=on,target=native) ends
// with the given status, and SYS_WRITE0 prints to QEMU's stderr/console without the UART.
#include <stdint.h>

#define SYS_WRITE0 0x04
#define SYS_EXIT 0x18
#define SYS_EXIT_EXTENDED 0x20
#define ADP_STOPPED_APPLICATION_EXIT 0x20026

static inline uint32_t semihost_call(uint32_t op, const void *arg) {
    register uint32_t r0 __asm__("r0") = op;
    register const void *r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

void board_semihost_write0(const char *text) { semihost_call(SYS_WRITE0, text); }

__attribute__((noreturn)) void board_semihost_exit(uint32_t status) {
    uint32_t block[2] = {ADP_STOPPED_APPLICATION_EXIT, status};
    semihost_call(SYS_EXIT_EXTENDED, block);
    // Hosts without the extended call still stop: 0 only for success.
    semihost_call(SYS_EXIT, (const void *)(uintptr_t)(status == 0 ? ADP_STOPPED_APPLICATION_EXIT : 0x20023));
    for (;;) {}
}

// A fault is a failed run: report it and stop rather than hang the test harness.
__attribute__((noreturn)) void board_fault(uint32_t kind) {
    static const char digits[] = "0123456789";
    char text[] = "fault: exception ?\n";
    text[17] = digits[kind % 10];
    board_semihost_write0(text);
    board_semihost_exit(2);
}
