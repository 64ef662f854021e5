extension UInt8 {
    /// An ASCII letter or digit: what the byte-level fast paths of the
    /// label rules accept as part of a plain word.
    var isASCIIAlphanumeric: Bool {
        (self >= 0x30 && self <= 0x39) || (self >= 0x41 && self <= 0x5A) || (self >= 0x61 && self <= 0x7A)
    }
}
