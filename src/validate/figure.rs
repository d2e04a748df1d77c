//! A validation figure: simulation (markers or solid lines) against theory (dashed lines),
//! with optional logarithmic axes, written as SVG with `plotters` and as a long-format CSV of
//! the same points.

use crate::io::write_atomic;
use crate::study::COLOURS;
use plotters::coord::Shift;
use plotters::prelude::*;
use std::path::Path;

/// How a curve is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Solid line (simulated time series).
    Line,
    /// Dashed line (theory).
    Dashed,
    /// Markers only (simulated points of a sweep).
    Points,
}

/// One named curve.
#[derive(Debug, Clone)]
pub struct Curve {
    /// Legend label.
    pub label: String,
    /// `(x, y)` points.
    pub points: Vec<(f64, f64)>,
    /// Drawing style.
    pub style: Style,
}

impl Curve {
    /// A curve.
    pub fn new(label: impl Into<String>, points: Vec<(f64, f64)>, style: Style) -> Self {
        Self {
            label: label.into(),
            points,
            style,
        }
    }
}

/// One figure of a case.
#[derive(Debug, Clone)]
pub struct Figure {
    /// File stem (`DIR/CASE/<stem>.svg` and `.csv`).
    pub stem: String,
    /// Caption.
    pub title: String,
    /// x-axis label.
    pub x_label: String,
    /// y-axis label.
    pub y_label: String,
    /// Logarithmic x axis (non-positive x dropped).
    pub log_x: bool,
    /// Logarithmic y axis (non-positive y dropped).
    pub log_y: bool,
    /// The curves.
    pub curves: Vec<Curve>,
}

impl Figure {
    /// A figure with linear axes.
    pub fn new(stem: &str, title: &str, x_label: &str, y_label: &str) -> Self {
        Self {
            stem: stem.into(),
            title: title.into(),
            x_label: x_label.into(),
            y_label: y_label.into(),
            log_x: false,
            log_y: false,
            curves: Vec::new(),
        }
    }

    /// Sets logarithmic axes.
    pub fn log(mut self, x: bool, y: bool) -> Self {
        self.log_x = x;
        self.log_y = y;
        self
    }

    /// Adds a curve.
    pub fn with(mut self, curve: Curve) -> Self {
        self.curves.push(curve);
        self
    }

    fn keeps(&self, (x, y): (f64, f64)) -> bool {
        x.is_finite() && y.is_finite() && (!self.log_x || x > 0.0) && (!self.log_y || y > 0.0)
    }

    /// Writes `dir/<stem>.csv` (columns `curve,x,y`) and `dir/<stem>.svg`.
    pub fn write(&self, dir: &Path) -> Result<(), String> {
        let mut csv = format!(
            "curve,{},{}\n",
            csv_field(&self.x_label),
            csv_field(&self.y_label)
        );
        for c in &self.curves {
            for (x, y) in &c.points {
                csv.push_str(&format!("{},{x:e},{y:e}\n", csv_field(&c.label)));
            }
        }
        let file = dir.join(format!("{}.csv", self.stem));
        write_atomic(&file, csv.as_bytes()).map_err(|e| e.to_string())?;
        let file = dir.join(format!("{}.svg", self.stem));
        let root = SVGBackend::new(&file, (900, 560)).into_drawing_area();
        self.draw(&root)
            .map_err(|e| format!("plot {}: {e}", file.display()))
    }

    fn range(&self) -> (f64, f64, f64, f64) {
        let (mut x0, mut x1, mut y0, mut y1) = (
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
        );
        for &p in self.curves.iter().flat_map(|c| c.points.iter()) {
            if self.keeps(p) {
                x0 = x0.min(p.0);
                x1 = x1.max(p.0);
                y0 = y0.min(p.1);
                y1 = y1.max(p.1);
            }
        }
        if !x0.is_finite() {
            return (1.0, 10.0, 1.0, 10.0);
        }
        let pad = |lo: f64, hi: f64, log: bool| {
            if log {
                let (lo, hi) = if hi > lo { (lo, hi) } else { (lo, lo * 10.0) };
                (lo / 1.2, hi * 1.2)
            } else {
                let d = if hi > lo { hi - lo } else { lo.abs().max(1.0) };
                (lo - 0.05 * d, hi + 0.05 * d)
            }
        };
        let (x0, x1) = pad(x0, x1, self.log_x);
        let (y0, y1) = pad(y0, y1, self.log_y);
        (x0, x1, y0, y1)
    }

    fn draw(
        &self,
        root: &DrawingArea<SVGBackend, Shift>,
    ) -> Result<(), Box<dyn std::error::Error>> {
        root.fill(&WHITE)?;
        let (x0, x1, y0, y1) = self.range();
        let mut builder = ChartBuilder::on(root);
        builder
            .caption(&self.title, ("sans-serif", 20))
            .margin(16)
            .x_label_area_size(44)
            .y_label_area_size(84);
        macro_rules! draw {
            ($chart:expr) => {{
                let mut chart = $chart;
                chart
                    .configure_mesh()
                    .x_desc(self.x_label.as_str())
                    .y_desc(self.y_label.as_str())
                    .draw()?;
                for (k, c) in self.curves.iter().enumerate() {
                    let colour = COLOURS[k % COLOURS.len()];
                    let pts: Vec<(f64, f64)> = c
                        .points
                        .iter()
                        .copied()
                        .filter(|&p| self.keeps(p))
                        .collect();
                    let label = c.label.as_str();
                    let line = move |(x, y): (i32, i32)| {
                        PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(2))
                    };
                    match c.style {
                        Style::Line => chart
                            .draw_series(LineSeries::new(pts, colour.stroke_width(2)))?
                            .label(label)
                            .legend(line),
                        Style::Dashed => chart
                            .draw_series(DashedLineSeries::new(pts, 8, 5, colour.stroke_width(2)))?
                            .label(label)
                            .legend(line),
                        Style::Points => chart
                            .draw_series(
                                pts.into_iter().map(|p| Circle::new(p, 4, colour.filled())),
                            )?
                            .label(label)
                            .legend(move |(x, y)| Circle::new((x + 10, y), 4, colour.filled())),
                    };
                }
                chart
                    .configure_series_labels()
                    .background_style(WHITE.mix(0.85))
                    .border_style(BLACK)
                    .position(SeriesLabelPosition::UpperRight)
                    .draw()?;
            }};
        }
        match (self.log_x, self.log_y) {
            (false, false) => draw!(builder.build_cartesian_2d(x0..x1, y0..y1)?),
            (true, false) => draw!(builder.build_cartesian_2d((x0..x1).log_scale(), y0..y1)?),
            (false, true) => draw!(builder.build_cartesian_2d(x0..x1, (y0..y1).log_scale())?),
            (true, true) => {
                draw!(builder.build_cartesian_2d((x0..x1).log_scale(), (y0..y1).log_scale())?)
            }
        }
        root.present()?;
        Ok(())
    }
}

/// Quotes a CSV field when it holds a comma or a quote.
pub(super) fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}
