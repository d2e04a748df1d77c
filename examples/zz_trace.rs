use catena::scene::{build_scene, load_scene};
use std::path::Path;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = Path::new(&args[1]);
    let until: f64 = args[2].parse().unwrap();
    let from: f64 = args[3].parse().unwrap();
    let (spec, src) = load_scene(path).unwrap();
    let built = build_scene(&spec, &src, path).unwrap();
    let mut sim = built.into_simulator();
    while sim.model.time < until - 1e-9 {
        let r = sim.step().unwrap();
        if r.t >= from && r.contacts.active > 0 {
            let res: Vec<String> = r
                .newton
                .residuals
                .iter()
                .map(|x| format!("{:.1e}", x))
                .collect();
            let al: Vec<String> = r
                .newton
                .alphas
                .iter()
                .map(|x| format!("{:.2}", x))
                .collect();
            println!(
                "t={:.3} it={} gap={:.2e} res=[{}] a=[{}]",
                r.t,
                r.newton.iterations,
                r.contacts.min_gap,
                res.join(" "),
                al.join(" ")
            );
        }
    }
}
