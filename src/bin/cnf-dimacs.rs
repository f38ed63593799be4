fn main() -> std::process::ExitCode {
    satpipe::cli::main::<satpipe::cli::cnf_tools::DimacsArgs>()
}
