//! `catena render`: draw the rods of one output frame.

use catena::io::{RenderOptions, frame_file, read_vtp, render_frame};
use std::path::Path;
use std::process::ExitCode;

/// `catena render DIR --out PICTURE`: draws frame `frame` of the run in `dir` (default: the
/// last) into `out`.
pub fn render(dir: &Path, frame: Option<i64>, out: &Path, opts: RenderOptions) -> ExitCode {
    let result = frame_file(dir, frame).and_then(|(file, k)| {
        let data = read_vtp(&file)?;
        let opts = RenderOptions {
            caption: Some(format!(
                "{}  frame {k}  t = {:.4} s",
                dir.display(),
                data.time
            )),
            ..opts
        };
        render_frame(&data, out, &opts).map(|()| (k, data))
    });
    match result {
        Ok((k, data)) => {
            println!(
                "{}: frame {k} (t = {} s, {} rod(s), {} sphere(s))",
                out.display(),
                data.time,
                data.rods.len(),
                data.spheres.len()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
