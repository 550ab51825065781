// glibc declares the pseudo-terminal calls only under _XOPEN_SOURCE, which the Glibc module is
// not built with, so Swift cannot see them; they are declared here with their C signatures.

@_silgen_name("posix_openpt")
func posix_openpt(_ flags: Int32) -> Int32

@_silgen_name("grantpt")
func grantpt(_ fd: Int32) -> Int32

@_silgen_name("unlockpt")
func unlockpt(_ fd: Int32) -> Int32

@_silgen_name("ptsname_r")
func ptsname_r(_ fd: Int32, _ buffer: UnsafeMutablePointer<CChar>, _ length: Int) -> Int32
