import Glibc

/// termios settings for binary links.
enum Terminal {
    /// Raw mode (`cfmakeraw`: no echo, no line editing, no CR/LF translation, 8 bits), the receiver
    /// on, modem lines ignored, and `baud` where the terminal knows the rate.
    static func makeRaw(_ fd: Int32, baud: Int, name: String) throws(LinkError) {
        var settings = termios()
        guard tcgetattr(fd, &settings) == 0 else { throw LinkError(port: name, errno: errno) }
        cfmakeraw(&settings)
        settings.c_cflag |= tcflag_t(CLOCAL | CREAD)
        if let speed = speed(for: baud) {
            cfsetispeed(&settings, speed)
            cfsetospeed(&settings, speed)
        }
        guard tcsetattr(fd, TCSANOW, &settings) == 0 else { throw LinkError(port: name, errno: errno) }
    }

    /// Raw mode over a line another library set (libserialport's rate, bits, parity, stop bits and
    /// flow): echo, line editing and every CR/LF translation off as `cfmakeraw` turns them off, the
    /// line's control flags, software flow control (IXON/IXOFF) and read timing kept. libserialport
    /// clears only part of a cooked terminal's flags, and a UART a getty or a boot left cooked
    /// would otherwise echo a controller's bytes back to it or turn its CRs into LFs.
    static func makeRaw(keepingLineOf fd: Int32, name: String) throws(LinkError) {
        var settings = termios()
        guard tcgetattr(fd, &settings) == 0 else { throw LinkError(port: name, errno: errno) }
        let line = settings.c_cflag
        let flow = settings.c_iflag & tcflag_t(IXON | IXOFF)
        let timing = settings.c_cc
        cfmakeraw(&settings)
        settings.c_cflag = line | tcflag_t(CLOCAL | CREAD)
        settings.c_iflag = (settings.c_iflag & ~tcflag_t(IXANY)) | flow
        settings.c_cc = timing
        guard tcsetattr(fd, TCSANOW, &settings) == 0 else { throw LinkError(port: name, errno: errno) }
    }

    static func speed(for baud: Int) -> speed_t? {
        switch baud {
        case 9600: speed_t(B9600)
        case 19200: speed_t(B19200)
        case 38400: speed_t(B38400)
        case 57600: speed_t(B57600)
        case 115_200: speed_t(B115200)
        case 230_400: speed_t(B230400)
        case 460_800: speed_t(B460800)
        case 921_600: speed_t(B921600)
        case 1_000_000: speed_t(B1000000)
        case 2_000_000: speed_t(B2000000)
        default: nil
        }
    }
}
