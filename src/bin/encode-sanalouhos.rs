fn main() -> std::process::ExitCode {
    satpipe::cli::family::encode_main::<satpipe::sanalouhos::Sanalouhos>()
}
