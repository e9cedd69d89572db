//! `myriad serve`: the browser page and the JSON API (docs/api.md) on a
//! local HTTP port, for the bundled rule files and the ones given.

use std::path::PathBuf;

use clap::Args;

use myriad::server::{Config, serve as run_server};

use super::{Failure, bad_input};

/// `myriad serve`'s flags.
#[derive(Args)]
pub(super) struct ServeArgs {
    /// Rule files or directories of them to serve besides the bundled ones.
    files: Vec<PathBuf>,
    /// The port (0: any free port; the one chosen is printed).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on; anything but a loopback address lets other
    /// machines in (a warning says so).
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Open the page in the desktop's browser.
    #[arg(long)]
    open: bool,
    /// Reload a served rule file when it changes (polled every 250 ms); the
    /// page shows the new board, or the errors, and the file's tests.
    #[arg(long)]
    watch: bool,
}

/// Run the server until the process is stopped.
pub(super) fn serve(args: &ServeArgs) -> Result<(), Failure> {
    let config = Config {
        files: args.files.clone(),
        watch: args.watch,
        ..Config::default()
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure(format!("cannot start the runtime: {e}"), 1))?;
    rt.block_on(run_server(config, &args.host, args.port, args.open))
        .map_err(bad_input)
}
