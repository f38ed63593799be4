//! `satpipe-docs`: man pages and shell completions generated from the clap
//! definitions of every command (`make docs`).

use super::Command;
use crate::error::{IoContext, Result};
use clap::Parser;
use clap_complete::Shell;
use std::path::PathBuf;

/// Write man pages and shell completions for every satpipe command.
#[derive(Debug, Parser)]
#[command(
    name = "satpipe-docs",
    version,
    after_help = "Example:\n  satpipe-docs --out target/docs"
)]
pub struct DocsArgs {
    /// Directory to write into (`man/` and `completions/` inside it).
    #[arg(long, default_value = "target/docs")]
    pub out: PathBuf,
}

impl Command for DocsArgs {
    const NAME: &'static str = "satpipe-docs";
    fn run(self) -> Result<u8> {
        let man = self.out.join("man");
        let completions = self.out.join("completions");
        for dir in [&man, &completions] {
            std::fs::create_dir_all(dir).with_name(&dir.display().to_string())?;
        }
        for mut command in super::all_commands() {
            let name = command.get_name().to_string();
            let path = man.join(format!("{name}.1"));
            let mut page = Vec::new();
            clap_mangen::Man::new(command.clone())
                .render(&mut page)
                .with_name(&path.display().to_string())?;
            std::fs::write(&path, page).with_name(&path.display().to_string())?;
            for shell in [Shell::Bash, Shell::Zsh, Shell::Fish] {
                clap_complete::generate_to(shell, &mut command, &name, &completions)
                    .with_name(&completions.display().to_string())?;
            }
        }
        eprintln!(
            "satpipe-docs: wrote {} and {}",
            man.display(),
            completions.display()
        );
        Ok(0)
    }
}
