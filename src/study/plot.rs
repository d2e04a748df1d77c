//! SVG line plots of study series (drawn with `plotters`).

use plotters::prelude::*;
use std::path::Path;

/// One named series of `(x, y)` points.
pub struct Series {
    /// Legend label.
    pub label: String,
    /// Points.
    pub points: Vec<(f64, f64)>,
    /// Draw it dashed, in the colour of the series before it (a second quantity of the same
    /// run).
    pub dashed: bool,
}

/// A tick label short enough for the axis: `0`, `0.25`, `120`, `2.5e-6`, `-4.4e-5`.
pub fn tick_label(v: f64) -> String {
    let a = v.abs();
    if a == 0.0 {
        return "0".into();
    }
    if (1e-2..1e4).contains(&a) {
        let s = format!("{v:.3}");
        let s = s.trim_end_matches('0').trim_end_matches('.');
        return s.to_string();
    }
    let s = format!("{v:.2e}");
    match s.split_once('e') {
        Some((m, e)) => {
            let m = m.trim_end_matches('0').trim_end_matches('.');
            format!("{m}e{e}")
        }
        None => s,
    }
}

/// The line colours of every catena plot, in order (study and validation figures alike).
pub(crate) const COLOURS: [RGBColor; 8] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(148, 103, 189),
    RGBColor(255, 127, 14),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
];

/// Draws `series` as lines into an SVG file at `path`; `log_y` uses a logarithmic y axis
/// (non-positive values are dropped). Tick labels are short ([`tick_label`]); a linear y axis
/// that spans 0 gets a line at 0.
pub fn line_plot(
    path: &Path,
    title: &str,
    x_label: &str,
    y_label: &str,
    series: &[Series],
    log_y: bool,
) -> Result<(), String> {
    let err = |e: &dyn std::fmt::Display| format!("plot {}: {e}", path.display());
    let pts = || {
        series
            .iter()
            .flat_map(|s| s.points.iter())
            .filter(|(x, y)| x.is_finite() && y.is_finite() && (!log_y || *y > 0.0))
    };
    let (mut x0, mut x1, mut y0, mut y1) = (
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::INFINITY,
        f64::NEG_INFINITY,
    );
    for &(x, y) in pts() {
        x0 = x0.min(x);
        x1 = x1.max(x);
        y0 = y0.min(y);
        y1 = y1.max(y);
    }
    if !x0.is_finite() {
        (x0, x1, y0, y1) = (0.0, 1.0, if log_y { 1e-3 } else { 0.0 }, 1.0);
    }
    if x1 <= x0 {
        x1 = x0 + 1.0;
    }
    if y1 <= y0 {
        y1 = if log_y { y0 * 10.0 } else { y0 + 1.0 };
    }
    let root = SVGBackend::new(path, (900, 560)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let mut builder = ChartBuilder::on(&root);
    builder
        .caption(title, ("sans-serif", 22))
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(80);
    macro_rules! draw {
        ($chart:expr) => {{
            let mut chart = $chart;
            chart
                .configure_mesh()
                .x_desc(x_label)
                .y_desc(y_label)
                .x_label_formatter(&|v| tick_label(*v))
                .y_label_formatter(&|v| tick_label(*v))
                .draw()
                .map_err(|e| err(&e))?;
            let mut colour = 0;
            for (k, s) in series.iter().enumerate() {
                if k > 0 && !s.dashed {
                    colour += 1;
                }
                let c = COLOURS[colour % COLOURS.len()];
                let points: Vec<(f64, f64)> = s
                    .points
                    .iter()
                    .copied()
                    .filter(|(x, y)| x.is_finite() && y.is_finite() && (!log_y || *y > 0.0))
                    .collect();
                let width = if s.dashed { 1 } else { 2 };
                let anno = if s.dashed {
                    chart.draw_series(DashedLineSeries::new(points, 6, 4, c.stroke_width(width)))
                } else {
                    chart.draw_series(LineSeries::new(points, c.stroke_width(width)))
                };
                anno.map_err(|e| err(&e))?
                    .label(s.label.as_str())
                    .legend(move |(x, y)| {
                        PathElement::new(vec![(x, y), (x + 20, y)], c.stroke_width(width))
                    });
            }
            if !log_y && y0 < 0.0 && y1 > 0.0 {
                chart
                    .draw_series(LineSeries::new(
                        [(x0, 0.0), (x1, 0.0)],
                        BLACK.stroke_width(1),
                    ))
                    .map_err(|e| err(&e))?;
            }
            chart
                .configure_series_labels()
                .background_style(WHITE.mix(0.8))
                .border_style(BLACK)
                .position(SeriesLabelPosition::UpperLeft)
                .draw()
                .map_err(|e| err(&e))?;
        }};
    }
    if log_y {
        draw!(
            builder
                .build_cartesian_2d(x0..x1, (y0..y1).log_scale())
                .map_err(|e| err(&e))?
        );
    } else {
        // A little room above and below the data.
        let pad = 0.05 * (y1 - y0);
        (y0, y1) = (y0 - pad, y1 + pad);
        draw!(
            builder
                .build_cartesian_2d(x0..x1, y0..y1)
                .map_err(|e| err(&e))?
        );
    }
    root.present().map_err(|e| err(&e))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tick_labels_are_short() {
        assert_eq!(tick_label(0.0), "0");
        assert_eq!(tick_label(0.25), "0.25");
        assert_eq!(tick_label(120.0), "120");
        assert_eq!(tick_label(9.999999999999e-5), "1e-4");
        assert_eq!(tick_label(-4.4e-5), "-4.4e-5");
        assert_eq!(tick_label(2.5e-6), "2.5e-6");
    }

    #[test]
    fn a_negative_gap_is_drawn_on_a_linear_axis() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("gap.svg");
        let s = vec![
            Series {
                label: "a (accepted steps)".into(),
                points: vec![(0.0, 1e-5), (1.0, 2.6e-6)],
                dashed: false,
            },
            Series {
                label: "a (every iterate)".into(),
                points: vec![(0.0, 1e-5), (1.0, -4.4e-5)],
                dashed: true,
            },
        ];
        line_plot(&path, "gap", "t", "gap (m)", &s, false).expect("plot");
        let svg = std::fs::read_to_string(&path).expect("svg");
        assert!(
            svg.contains("-4e-5") || svg.contains("-4.0e-5") || svg.contains("e-5"),
            "{svg}"
        );
        assert!(!svg.contains("9.99999"), "long tick labels");
    }
}
