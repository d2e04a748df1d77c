//! SVG line plots of study series (drawn with `plotters`).

use plotters::prelude::*;
use std::path::Path;

/// One named series of `(x, y)` points.
pub struct Series<'a> {
    /// Legend label.
    pub label: &'a str,
    /// Points.
    pub points: Vec<(f64, f64)>,
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
/// (non-positive values are dropped).
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
                .draw()
                .map_err(|e| err(&e))?;
            for (k, s) in series.iter().enumerate() {
                let c = COLOURS[k % COLOURS.len()];
                chart
                    .draw_series(LineSeries::new(
                        s.points.iter().copied().filter(|(x, y)| {
                            x.is_finite() && y.is_finite() && (!log_y || *y > 0.0)
                        }),
                        c.stroke_width(2),
                    ))
                    .map_err(|e| err(&e))?
                    .label(s.label)
                    .legend(move |(x, y)| {
                        PathElement::new(vec![(x, y), (x + 20, y)], c.stroke_width(2))
                    });
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
        draw!(
            builder
                .build_cartesian_2d(x0..x1, y0..y1)
                .map_err(|e| err(&e))?
        );
    }
    root.present().map_err(|e| err(&e))?;
    Ok(())
}
