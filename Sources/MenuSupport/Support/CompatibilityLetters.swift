/// Characters whose compatibility decomposition (Unicode NFKD) holds ASCII
/// letters or digits, and what they decompose to with combining marks
/// removed: ligatures (`ﬁ` → `fi`), compatibility digraphs (`ǆ` → `dz`),
/// superscripts and subscripts (`²` → `2`), letterlike symbols (`ℓ` → `l`,
/// `№` → `No`), Roman numerals, circled and parenthesized letters, squared
/// units and the mathematical alphanumerics (`𝐁𝐨𝐥𝐝` → `Bold`). They are
/// Latin letters written in another form; without this, `"ﬁle"` derived
/// the identifier `le`. Full-width ASCII and canonical decompositions are
/// `LatinFolding`'s own.
///
/// menuc has no Unicode normalization (FoundationEssentials lacks it), so
/// the table is generated from Python's `unicodedata` (Unicode 14):
///
///     for each scalar c from U+00A0, except U+FF01–FF5E:
///         d = NFKD(c) without combining marks
///         keep (c, d) if NFKD(c) != NFD(c) and d holds an ASCII letter or digit
///
/// and written as runs of scalars that follow the alphabet, then the rest.
/// `FoundationParityTests` checks it against Foundation's
/// `decomposedStringWithCompatibilityMapping`.
enum CompatibilityLetters {
    /// What `scalar` decomposes to, when that holds ASCII letters or digits.
    static func expansion(of scalar: Unicode.Scalar) -> String? {
        table[scalar.value]
    }

    private static let table: [UInt32: String] = {
        var table: [UInt32: String] = [:]
        table.reserveCapacity(1_400)
        for run in runs {
            for offset in 0..<run.count {
                if let letter = Unicode.Scalar(run.letter.value + offset) { table[run.first + offset] = String(Character(letter)) }
            }
        }
        for single in singles { table[single.scalar] = single.text }
        return table
    }()

    /// Runs: `count` scalars from `first` stand for `letter` and the letters after it.
    private static let runs: [(first: UInt32, letter: Unicode.Scalar, count: UInt32)] = [
        (0x1D33, "G", 8), (0x2074, "4", 6), (0x2080, "0", 10), (0x2096, "k", 4), (0x2119, "P", 3), (0x2460, "1", 9),
        (0x24B6, "A", 26), (0x24D0, "a", 26), (0x1D400, "A", 26), (0x1D41A, "a", 26), (0x1D434, "A", 26), (0x1D44E, "a", 7),
        (0x1D456, "i", 18), (0x1D468, "A", 26), (0x1D482, "a", 26), (0x1D4A9, "N", 4), (0x1D4AE, "S", 8), (0x1D4B6, "a", 4),
        (0x1D4BD, "h", 7), (0x1D4C5, "p", 11), (0x1D4D0, "A", 26), (0x1D4EA, "a", 26), (0x1D507, "D", 4), (0x1D50D, "J", 8),
        (0x1D516, "S", 7), (0x1D51E, "a", 26), (0x1D53B, "D", 4), (0x1D540, "I", 5), (0x1D54A, "S", 7), (0x1D552, "a", 26),
        (0x1D56C, "A", 26), (0x1D586, "a", 26), (0x1D5A0, "A", 26), (0x1D5BA, "a", 26), (0x1D5D4, "A", 26), (0x1D5EE, "a", 26),
        (0x1D608, "A", 26), (0x1D622, "a", 26), (0x1D63C, "A", 26), (0x1D656, "a", 26), (0x1D670, "A", 26), (0x1D68A, "a", 26),
        (0x1D7CE, "0", 10), (0x1D7D8, "0", 10), (0x1D7E2, "0", 10), (0x1D7EC, "0", 10), (0x1D7F6, "0", 10), (0x1F130, "A", 26),
        (0x1FBF0, "0", 10),
    ]
    /// The other scalars.
    private static let singles: [(scalar: UInt32, text: String)] = [
        (0xAA, "a"), (0xB2, "2"), (0xB3, "3"), (0xB9, "1"), (0xBA, "o"), (0xBC, "1\u{2044}4"), (0xBD, "1\u{2044}2"),
        (0xBE, "3\u{2044}4"), (0x132, "IJ"), (0x133, "ij"), (0x13F, "L\u{B7}"), (0x140, "l\u{B7}"), (0x149, "\u{2BC}n"),
        (0x17F, "s"), (0x1C4, "DZ"), (0x1C5, "Dz"), (0x1C6, "dz"), (0x1C7, "LJ"), (0x1C8, "Lj"), (0x1C9, "lj"), (0x1CA, "NJ"),
        (0x1CB, "Nj"), (0x1CC, "nj"), (0x1F1, "DZ"), (0x1F2, "Dz"), (0x1F3, "dz"), (0x2B0, "h"), (0x2B2, "j"), (0x2B3, "r"),
        (0x2B7, "w"), (0x2B8, "y"), (0x2E1, "l"), (0x2E2, "s"), (0x2E3, "x"), (0x1D2C, "A"), (0x1D2E, "B"), (0x1D30, "D"),
        (0x1D31, "E"), (0x1D3C, "O"), (0x1D3E, "P"), (0x1D3F, "R"), (0x1D40, "T"), (0x1D41, "U"), (0x1D42, "W"), (0x1D43, "a"),
        (0x1D47, "b"), (0x1D48, "d"), (0x1D49, "e"), (0x1D4D, "g"), (0x1D4F, "k"), (0x1D50, "m"), (0x1D52, "o"), (0x1D56, "p"),
        (0x1D57, "t"), (0x1D58, "u"), (0x1D5B, "v"), (0x1D62, "i"), (0x1D63, "r"), (0x1D64, "u"), (0x1D65, "v"), (0x1D9C, "c"),
        (0x1DA0, "f"), (0x1DBB, "z"), (0x1E9A, "a\u{2BE}"), (0x1E9B, "s"), (0x2070, "0"), (0x2071, "i"), (0x207F, "n"),
        (0x2090, "a"), (0x2091, "e"), (0x2092, "o"), (0x2093, "x"), (0x2095, "h"), (0x209A, "p"), (0x209B, "s"), (0x209C, "t"),
        (0x20A8, "Rs"), (0x2100, "a/c"), (0x2101, "a/s"), (0x2102, "C"), (0x2103, "\u{B0}C"), (0x2105, "c/o"), (0x2106, "c/u"),
        (0x2109, "\u{B0}F"), (0x210A, "g"), (0x210B, "H"), (0x210C, "H"), (0x210D, "H"), (0x210E, "h"), (0x2110, "I"),
        (0x2111, "I"), (0x2112, "L"), (0x2113, "l"), (0x2115, "N"), (0x2116, "No"), (0x211C, "R"), (0x211D, "R"), (0x2120, "SM"),
        (0x2121, "TEL"), (0x2122, "TM"), (0x2124, "Z"), (0x2128, "Z"), (0x212C, "B"), (0x212D, "C"), (0x212F, "e"), (0x2130, "E"),
        (0x2131, "F"), (0x2133, "M"), (0x2134, "o"), (0x2139, "i"), (0x213B, "FAX"), (0x2145, "D"), (0x2146, "d"), (0x2147, "e"),
        (0x2148, "i"), (0x2149, "j"), (0x2150, "1\u{2044}7"), (0x2151, "1\u{2044}9"), (0x2152, "1\u{2044}10"),
        (0x2153, "1\u{2044}3"), (0x2154, "2\u{2044}3"), (0x2155, "1\u{2044}5"), (0x2156, "2\u{2044}5"), (0x2157, "3\u{2044}5"),
        (0x2158, "4\u{2044}5"), (0x2159, "1\u{2044}6"), (0x215A, "5\u{2044}6"), (0x215B, "1\u{2044}8"), (0x215C, "3\u{2044}8"),
        (0x215D, "5\u{2044}8"), (0x215E, "7\u{2044}8"), (0x215F, "1\u{2044}"), (0x2160, "I"), (0x2161, "II"), (0x2162, "III"),
        (0x2163, "IV"), (0x2164, "V"), (0x2165, "VI"), (0x2166, "VII"), (0x2167, "VIII"), (0x2168, "IX"), (0x2169, "X"),
        (0x216A, "XI"), (0x216B, "XII"), (0x216C, "L"), (0x216D, "C"), (0x216E, "D"), (0x216F, "M"), (0x2170, "i"),
        (0x2171, "ii"), (0x2172, "iii"), (0x2173, "iv"), (0x2174, "v"), (0x2175, "vi"), (0x2176, "vii"), (0x2177, "viii"),
        (0x2178, "ix"), (0x2179, "x"), (0x217A, "xi"), (0x217B, "xii"), (0x217C, "l"), (0x217D, "c"), (0x217E, "d"),
        (0x217F, "m"), (0x2189, "0\u{2044}3"), (0x2469, "10"), (0x246A, "11"), (0x246B, "12"), (0x246C, "13"), (0x246D, "14"),
        (0x246E, "15"), (0x246F, "16"), (0x2470, "17"), (0x2471, "18"), (0x2472, "19"), (0x2473, "20"), (0x2474, "(1)"),
        (0x2475, "(2)"), (0x2476, "(3)"), (0x2477, "(4)"), (0x2478, "(5)"), (0x2479, "(6)"), (0x247A, "(7)"), (0x247B, "(8)"),
        (0x247C, "(9)"), (0x247D, "(10)"), (0x247E, "(11)"), (0x247F, "(12)"), (0x2480, "(13)"), (0x2481, "(14)"),
        (0x2482, "(15)"), (0x2483, "(16)"), (0x2484, "(17)"), (0x2485, "(18)"), (0x2486, "(19)"), (0x2487, "(20)"),
        (0x2488, "1."), (0x2489, "2."), (0x248A, "3."), (0x248B, "4."), (0x248C, "5."), (0x248D, "6."), (0x248E, "7."),
        (0x248F, "8."), (0x2490, "9."), (0x2491, "10."), (0x2492, "11."), (0x2493, "12."), (0x2494, "13."), (0x2495, "14."),
        (0x2496, "15."), (0x2497, "16."), (0x2498, "17."), (0x2499, "18."), (0x249A, "19."), (0x249B, "20."), (0x249C, "(a)"),
        (0x249D, "(b)"), (0x249E, "(c)"), (0x249F, "(d)"), (0x24A0, "(e)"), (0x24A1, "(f)"), (0x24A2, "(g)"), (0x24A3, "(h)"),
        (0x24A4, "(i)"), (0x24A5, "(j)"), (0x24A6, "(k)"), (0x24A7, "(l)"), (0x24A8, "(m)"), (0x24A9, "(n)"), (0x24AA, "(o)"),
        (0x24AB, "(p)"), (0x24AC, "(q)"), (0x24AD, "(r)"), (0x24AE, "(s)"), (0x24AF, "(t)"), (0x24B0, "(u)"), (0x24B1, "(v)"),
        (0x24B2, "(w)"), (0x24B3, "(x)"), (0x24B4, "(y)"), (0x24B5, "(z)"), (0x24EA, "0"), (0x2C7C, "j"), (0x2C7D, "V"),
        (0x3250, "PTE"), (0x3251, "21"), (0x3252, "22"), (0x3253, "23"), (0x3254, "24"), (0x3255, "25"), (0x3256, "26"),
        (0x3257, "27"), (0x3258, "28"), (0x3259, "29"), (0x325A, "30"), (0x325B, "31"), (0x325C, "32"), (0x325D, "33"),
        (0x325E, "34"), (0x325F, "35"), (0x32B1, "36"), (0x32B2, "37"), (0x32B3, "38"), (0x32B4, "39"), (0x32B5, "40"),
        (0x32B6, "41"), (0x32B7, "42"), (0x32B8, "43"), (0x32B9, "44"), (0x32BA, "45"), (0x32BB, "46"), (0x32BC, "47"),
        (0x32BD, "48"), (0x32BE, "49"), (0x32BF, "50"), (0x32C0, "1\u{6708}"), (0x32C1, "2\u{6708}"), (0x32C2, "3\u{6708}"),
        (0x32C3, "4\u{6708}"), (0x32C4, "5\u{6708}"), (0x32C5, "6\u{6708}"), (0x32C6, "7\u{6708}"), (0x32C7, "8\u{6708}"),
        (0x32C8, "9\u{6708}"), (0x32C9, "10\u{6708}"), (0x32CA, "11\u{6708}"), (0x32CB, "12\u{6708}"), (0x32CC, "Hg"),
        (0x32CD, "erg"), (0x32CE, "eV"), (0x32CF, "LTD"), (0x3358, "0\u{70B9}"), (0x3359, "1\u{70B9}"), (0x335A, "2\u{70B9}"),
        (0x335B, "3\u{70B9}"), (0x335C, "4\u{70B9}"), (0x335D, "5\u{70B9}"), (0x335E, "6\u{70B9}"), (0x335F, "7\u{70B9}"),
        (0x3360, "8\u{70B9}"), (0x3361, "9\u{70B9}"), (0x3362, "10\u{70B9}"), (0x3363, "11\u{70B9}"), (0x3364, "12\u{70B9}"),
        (0x3365, "13\u{70B9}"), (0x3366, "14\u{70B9}"), (0x3367, "15\u{70B9}"), (0x3368, "16\u{70B9}"), (0x3369, "17\u{70B9}"),
        (0x336A, "18\u{70B9}"), (0x336B, "19\u{70B9}"), (0x336C, "20\u{70B9}"), (0x336D, "21\u{70B9}"), (0x336E, "22\u{70B9}"),
        (0x336F, "23\u{70B9}"), (0x3370, "24\u{70B9}"), (0x3371, "hPa"), (0x3372, "da"), (0x3373, "AU"), (0x3374, "bar"),
        (0x3375, "oV"), (0x3376, "pc"), (0x3377, "dm"), (0x3378, "dm2"), (0x3379, "dm3"), (0x337A, "IU"), (0x3380, "pA"),
        (0x3381, "nA"), (0x3382, "\u{3BC}A"), (0x3383, "mA"), (0x3384, "kA"), (0x3385, "KB"), (0x3386, "MB"), (0x3387, "GB"),
        (0x3388, "cal"), (0x3389, "kcal"), (0x338A, "pF"), (0x338B, "nF"), (0x338C, "\u{3BC}F"), (0x338D, "\u{3BC}g"),
        (0x338E, "mg"), (0x338F, "kg"), (0x3390, "Hz"), (0x3391, "kHz"), (0x3392, "MHz"), (0x3393, "GHz"), (0x3394, "THz"),
        (0x3395, "\u{3BC}l"), (0x3396, "ml"), (0x3397, "dl"), (0x3398, "kl"), (0x3399, "fm"), (0x339A, "nm"),
        (0x339B, "\u{3BC}m"), (0x339C, "mm"), (0x339D, "cm"), (0x339E, "km"), (0x339F, "mm2"), (0x33A0, "cm2"), (0x33A1, "m2"),
        (0x33A2, "km2"), (0x33A3, "mm3"), (0x33A4, "cm3"), (0x33A5, "m3"), (0x33A6, "km3"), (0x33A7, "m\u{2215}s"),
        (0x33A8, "m\u{2215}s2"), (0x33A9, "Pa"), (0x33AA, "kPa"), (0x33AB, "MPa"), (0x33AC, "GPa"), (0x33AD, "rad"),
        (0x33AE, "rad\u{2215}s"), (0x33AF, "rad\u{2215}s2"), (0x33B0, "ps"), (0x33B1, "ns"), (0x33B2, "\u{3BC}s"), (0x33B3, "ms"),
        (0x33B4, "pV"), (0x33B5, "nV"), (0x33B6, "\u{3BC}V"), (0x33B7, "mV"), (0x33B8, "kV"), (0x33B9, "MV"), (0x33BA, "pW"),
        (0x33BB, "nW"), (0x33BC, "\u{3BC}W"), (0x33BD, "mW"), (0x33BE, "kW"), (0x33BF, "MW"), (0x33C0, "k\u{3A9}"),
        (0x33C1, "M\u{3A9}"), (0x33C2, "a.m."), (0x33C3, "Bq"), (0x33C4, "cc"), (0x33C5, "cd"), (0x33C6, "C\u{2215}kg"),
        (0x33C7, "Co."), (0x33C8, "dB"), (0x33C9, "Gy"), (0x33CA, "ha"), (0x33CB, "HP"), (0x33CC, "in"), (0x33CD, "KK"),
        (0x33CE, "KM"), (0x33CF, "kt"), (0x33D0, "lm"), (0x33D1, "ln"), (0x33D2, "log"), (0x33D3, "lx"), (0x33D4, "mb"),
        (0x33D5, "mil"), (0x33D6, "mol"), (0x33D7, "PH"), (0x33D8, "p.m."), (0x33D9, "PPM"), (0x33DA, "PR"), (0x33DB, "sr"),
        (0x33DC, "Sv"), (0x33DD, "Wb"), (0x33DE, "V\u{2215}m"), (0x33DF, "A\u{2215}m"), (0x33E0, "1\u{65E5}"),
        (0x33E1, "2\u{65E5}"), (0x33E2, "3\u{65E5}"), (0x33E3, "4\u{65E5}"), (0x33E4, "5\u{65E5}"), (0x33E5, "6\u{65E5}"),
        (0x33E6, "7\u{65E5}"), (0x33E7, "8\u{65E5}"), (0x33E8, "9\u{65E5}"), (0x33E9, "10\u{65E5}"), (0x33EA, "11\u{65E5}"),
        (0x33EB, "12\u{65E5}"), (0x33EC, "13\u{65E5}"), (0x33ED, "14\u{65E5}"), (0x33EE, "15\u{65E5}"), (0x33EF, "16\u{65E5}"),
        (0x33F0, "17\u{65E5}"), (0x33F1, "18\u{65E5}"), (0x33F2, "19\u{65E5}"), (0x33F3, "20\u{65E5}"), (0x33F4, "21\u{65E5}"),
        (0x33F5, "22\u{65E5}"), (0x33F6, "23\u{65E5}"), (0x33F7, "24\u{65E5}"), (0x33F8, "25\u{65E5}"), (0x33F9, "26\u{65E5}"),
        (0x33FA, "27\u{65E5}"), (0x33FB, "28\u{65E5}"), (0x33FC, "29\u{65E5}"), (0x33FD, "30\u{65E5}"), (0x33FE, "31\u{65E5}"),
        (0x33FF, "gal"), (0xA7F2, "C"), (0xA7F3, "F"), (0xA7F4, "Q"), (0xFB00, "ff"), (0xFB01, "fi"), (0xFB02, "fl"),
        (0xFB03, "ffi"), (0xFB04, "ffl"), (0xFB05, "st"), (0xFB06, "st"), (0x107A5, "q"), (0x1D49C, "A"), (0x1D49E, "C"),
        (0x1D49F, "D"), (0x1D4A2, "G"), (0x1D4A5, "J"), (0x1D4A6, "K"), (0x1D4BB, "f"), (0x1D504, "A"), (0x1D505, "B"),
        (0x1D538, "A"), (0x1D539, "B"), (0x1D546, "O"), (0x1F100, "0."), (0x1F101, "0,"), (0x1F102, "1,"), (0x1F103, "2,"),
        (0x1F104, "3,"), (0x1F105, "4,"), (0x1F106, "5,"), (0x1F107, "6,"), (0x1F108, "7,"), (0x1F109, "8,"), (0x1F10A, "9,"),
        (0x1F110, "(A)"), (0x1F111, "(B)"), (0x1F112, "(C)"), (0x1F113, "(D)"), (0x1F114, "(E)"), (0x1F115, "(F)"),
        (0x1F116, "(G)"), (0x1F117, "(H)"), (0x1F118, "(I)"), (0x1F119, "(J)"), (0x1F11A, "(K)"), (0x1F11B, "(L)"),
        (0x1F11C, "(M)"), (0x1F11D, "(N)"), (0x1F11E, "(O)"), (0x1F11F, "(P)"), (0x1F120, "(Q)"), (0x1F121, "(R)"),
        (0x1F122, "(S)"), (0x1F123, "(T)"), (0x1F124, "(U)"), (0x1F125, "(V)"), (0x1F126, "(W)"), (0x1F127, "(X)"),
        (0x1F128, "(Y)"), (0x1F129, "(Z)"), (0x1F12A, "\u{3014}S\u{3015}"), (0x1F12B, "C"), (0x1F12C, "R"), (0x1F12D, "CD"),
        (0x1F12E, "WZ"), (0x1F14A, "HV"), (0x1F14B, "MV"), (0x1F14C, "SD"), (0x1F14D, "SS"), (0x1F14E, "PPV"), (0x1F14F, "WC"),
        (0x1F16A, "MC"), (0x1F16B, "MD"), (0x1F16C, "MR"), (0x1F190, "DJ"),
    ]
}
