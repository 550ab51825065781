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
