//! Chart colours for the light and dark themes: Okabe-Ito hues, safe for
//! the common forms of colour blindness, each paired with its own marker
//! shape so no series is told apart by colour alone.

use plotters::style::RGBColor;

/// Colours of one theme.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Palette {
    pub fg: RGBColor,
    pub bg: RGBColor,
    pub grid: RGBColor,
    pub series: [RGBColor; 6],
}

const OKABE_ITO: [RGBColor; 6] = [
    RGBColor(0x00, 0x72, 0xB2), // blue
    RGBColor(0xD5, 0x5E, 0x00), // vermillion
    RGBColor(0x00, 0x9E, 0x73), // bluish green
    RGBColor(0xCC, 0x79, 0xA7), // reddish purple
    RGBColor(0xE6, 0x9F, 0x00), // orange
    RGBColor(0x56, 0xB4, 0xE9), // sky blue
];

impl Palette {
    /// Dark text on white.
    pub fn light() -> Self {
        Palette {
            fg: RGBColor(0x1b, 0x1f, 0x24),
            bg: RGBColor(0xff, 0xff, 0xff),
            grid: RGBColor(0xe3, 0xe7, 0xec),
            series: OKABE_ITO,
        }
    }

    /// Light text on near-black; blue is swapped for sky blue to keep contrast.
    pub fn dark() -> Self {
        let mut series = OKABE_ITO;
        series[0] = RGBColor(0x56, 0xB4, 0xE9);
        series[5] = RGBColor(0xF0, 0xE4, 0x42);
        Palette {
            fg: RGBColor(0xe6, 0xe9, 0xed),
            bg: RGBColor(0x20, 0x25, 0x2c),
            grid: RGBColor(0x33, 0x3a, 0x44),
            series,
        }
    }

    /// The colour of series style `i` (styles wrap around).
    pub fn color(&self, i: usize) -> RGBColor {
        self.series[i % self.series.len()]
    }
}
