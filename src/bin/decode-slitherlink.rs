//! A family command: `encode-<family>` or `decode-<family>`, the family
//! taken from the binary's name (`satpipe::registry`).
fn main() -> std::process::ExitCode {
    satpipe::registry::main(env!("CARGO_BIN_NAME"))
}
