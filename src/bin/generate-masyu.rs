fn main() -> std::process::ExitCode {
    satpipe::cli::main::<satpipe::cli::generate::MasyuArgs>()
}
