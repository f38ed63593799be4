//! Build script: link the C++ standard library of the embedded solvers
//! (CaDiCaL, MiniSat, Glucose) statically where the compiler ships it.
//!
//! The solvers' crates ask for `libstdc++` as a shared library. Every
//! command of the toolchain carries them, so every process would load
//! and relocate `libstdc++.so` at start: two thirds of the instructions a
//! command runs to print its `--version` (2.5 M against 0.9 M linked
//! statically), about 0.4 ms a process, and a pipeline is three
//! ([docs/install.md](docs/install.md#linking)). A directory that
//! holds only the static archive, searched before the system's, makes the
//! linker take the archive instead. Set `SATPIPE_DYNAMIC_CXX=1` to link
//! the shared library as before; a compiler without the archive does so
//! too, with a warning.

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=CXX");
    println!("cargo:rerun-if-env-changed=SATPIPE_DYNAMIC_CXX");
    let cxx_solver = ["CADICAL", "MINISAT", "GLUCOSE"]
        .iter()
        .any(|feature| env::var_os(format!("CARGO_FEATURE_{feature}")).is_some());
    let gnu_linux = env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux")
        && env::var("CARGO_CFG_TARGET_ENV").as_deref() == Ok("gnu");
    if !cxx_solver || !gnu_linux || env::var_os("SATPIPE_DYNAMIC_CXX").is_some() {
        return;
    }
    let Some(archive) = static_libstdcxx() else {
        println!(
            "cargo:warning=no libstdc++.a beside the C++ compiler: linking libstdc++ \
             dynamically (each command starts about 0.4 ms slower)"
        );
        return;
    };
    let out_dir = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let search_dir = out_dir.join("static-cxx");
    let link = search_dir.join("libstdc++.a");
    std::fs::create_dir_all(&search_dir).expect("create the static C++ library directory");
    // A stale link from an earlier build (another compiler) is replaced.
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink(&archive, &link).expect("link libstdc++.a");
    println!("cargo:rustc-link-search=native={}", search_dir.display());
}

/// The C++ compiler's own `libstdc++.a`, if it has one (the compiler
/// answers a bare file name when it does not).
fn static_libstdcxx() -> Option<PathBuf> {
    let compiler = env::var("CXX").unwrap_or_else(|_| "c++".to_string());
    let output = Command::new(compiler)
        .arg("-print-file-name=libstdc++.a")
        .output()
        .ok()?;
    let path = PathBuf::from(String::from_utf8_lossy(&output.stdout).trim());
    (path.is_absolute() && Path::new(&path).is_file()).then_some(path)
}
