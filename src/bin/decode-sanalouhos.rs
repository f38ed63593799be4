fn main() -> std::process::ExitCode {
    satpipe::cli::family::decode_main::<satpipe::sanalouhos::Sanalouhos>()
}
