//! Builds libgoldberry: the C shim, Blend2D, Yoga and HarfBuzz linked into one shared object whose export list
//! is exactly the functions the holders in natives/calls declare.
//!
//! Each native library is compiled by its own stand-alone cargo package under natives/build/ (own workspace and
//! Cargo.lock each), always in release, in `<target>/natives/`. Yoga and HarfBuzz come vendored in their crates
//! (the yoga crate is only unpacked, not built: its build would run bindgen; record 5); Blend2D 0.12 comes from
//! the pinned source archive of the PyPI package blend2d-python 1.0.0, which ci/setup fetches into a cache and
//! this script checks against its SHA-256 and unpacks (record 24). The result is cached:
//! when the hash of every native input (the archive's SHA-256 among them) equals the one recorded beside the
//! library, nothing is rebuilt.
//!
//! `GOLDBERRY_NATIVES_SANITIZE=address,undefined` (or either one) compiles every native file (the shim, Blend2D,
//! Yoga, HarfBuzz) and links libgoldberry with those sanitizers; the setting is part of the input hash, so a
//! sanitized and a plain library are never taken for each other. ci/sanitize runs the tests against such a build.

use std::collections::VecDeque;
use std::env;
use std::fmt::Write as _;
use std::fs;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError, mpsc};
use std::time::{Duration, Instant};

/// One stand-alone package under natives/build/ and the crate whose build script compiles the C/C++ source.
struct NativePackage {
    dir: &'static str,
    crate_name: &'static str,
    origin: Origin,
}

/// Where a package's C/C++ source comes from.
enum Origin {
    /// A crate from crates.io vendors it, with its public headers below the crate's source root; its build script
    /// names each source in a `.file(...)` call, which the progress count counts.
    Vendored { include: &'static str },
    /// A crate from crates.io vendors it, but building that crate would do more than compile it (the yoga crate runs
    /// bindgen, which needs libclang, for bindings the holders do not use; record 5). `cargo metadata` unpacks the
    /// crate without building it, and the package's own build script compiles the C++ below `include`, which it
    /// finds in the variable `source_var`.
    Unpacked { crate_name: &'static str, include: &'static str, sources: &'static str, source_var: &'static str },
    /// The pinned Blend2D archive, unpacked by this script ([`Blend2dSource`]); the package's own build script
    /// compiles it.
    PinnedBlend2d,
}

const PACKAGES: &[NativePackage] = &[
    NativePackage { dir: "blend2d", crate_name: "goldberry-build-blend2d", origin: Origin::PinnedBlend2d },
    NativePackage {
        dir: "yoga",
        crate_name: "goldberry-build-yoga",
        origin: Origin::Unpacked {
            crate_name: "yoga",
            include: "src/yoga",
            sources: "src/yoga/yoga",
            source_var: "GOLDBERRY_YOGA_SOURCE",
        },
    },
    // HarfBuzz is compiled as one amalgamated file, harfbuzz.cc.
    NativePackage { dir: "harfbuzz", crate_name: "harfbuzz-sys", origin: Origin::Vendored { include: "harfbuzz/src" } },
];

/// Blend2D 0.12.0 (upstream commit c79b36d) with its AsmJit, as the source distribution of the PyPI package
/// blend2d-python 1.0.0 carries them under `3rdparty/` (record 24).
struct Blend2dSource {
    /// The folder the archive unpacks to (it holds `3rdparty/blend2d` and `3rdparty/asmjit`).
    root: PathBuf,
}

impl Blend2dSource {
    const ARCHIVE: &'static str = "blend2d_python-1.0.0.tar.gz";
    const TOP: &'static str = "blend2d_python-1.0.0";
    const SHA256: &'static str = "a88b1681568873266b39aefdc3b68023966c8ecbbbe6d8fe29d80a7dad28ee2b";
    /// A copy of the archive somewhere else, for a machine that cannot reach the registry.
    const VAR: &'static str = "GOLDBERRY_BLEND2D_ARCHIVE";
    /// How a user gets the archive; every error about it ends with this.
    const FETCH: &'static str = "`ci/setup` fetches it (python3 -m pip download blend2d-python==1.0.0 --no-deps \
                                 --no-binary blend2d-python), or set GOLDBERRY_BLEND2D_ARCHIVE to a copy";

    /// Where the archive is: `GOLDBERRY_BLEND2D_ARCHIVE`, else ci/setup's cache, `~/.cache/goldberry/blend2d/`.
    fn archive_path() -> BuildResult<PathBuf> {
        if let Some(path) = env::var_os(Self::VAR).filter(|p| !p.is_empty()) {
            return Ok(PathBuf::from(path));
        }
        let cache = env::var_os("XDG_CACHE_HOME")
            .filter(|p| !p.is_empty())
            .map(PathBuf::from)
            .or_else(|| env::var_os("HOME").map(|home| PathBuf::from(home).join(".cache")))
            .ok_or_else(|| {
                format!("neither HOME nor XDG_CACHE_HOME is set to find {}; {}", Self::ARCHIVE, Self::FETCH)
            })?;
        Ok(cache.join("goldberry").join("blend2d").join(Self::ARCHIVE))
    }

    /// The archive's SHA-256, which must be the pinned one.
    fn check(archive: &Path) -> BuildResult<String> {
        use sha2::Digest as _;
        let bytes = fs::read(archive).map_err(|e| {
            format!("the Blend2D source archive {} cannot be read ({e}); {}", archive.display(), Self::FETCH)
        })?;
        let digest = sha2::Sha256::digest(&bytes);
        let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
        if hex != Self::SHA256 {
            return Err(format!(
                "the Blend2D source archive {} has SHA-256 {hex}, not the pinned {}; {}",
                archive.display(),
                Self::SHA256,
                Self::FETCH
            ));
        }
        Ok(hex)
    }

    /// Unpacks the checked archive once into `<target>/natives/blend2d-0.12/` (only the pinned archive passes
    /// [`Blend2dSource::check`], so the folder's content is known by its name).
    fn unpack(archive: &Path, natives_dir: &Path) -> BuildResult<Self> {
        let dir = natives_dir.join("blend2d-0.12");
        let root = dir.join(Self::TOP);
        if root.join("3rdparty").join("blend2d").join("src").join("blend2d.h").is_file() {
            return Ok(Self { root });
        }
        // Unpacked beside, then renamed: an interrupted build never leaves half a source tree under the real name.
        let partial = natives_dir.join("blend2d-0.12.partial");
        let _ = fs::remove_dir_all(&partial);
        fs::create_dir_all(&partial).map_err(|e| format!("cannot create {}: {e}", partial.display()))?;
        run_tool(
            Command::new("tar").arg("-xzf").arg(archive).arg("-C").arg(&partial),
            &format!("unpacking {}", archive.display()),
        )?;
        let _ = fs::remove_dir_all(&dir);
        fs::rename(&partial, &dir).map_err(|e| format!("cannot rename {}: {e}", partial.display()))?;
        Ok(Self { root })
    }

    fn include(&self) -> PathBuf {
        self.root.join("3rdparty").join("blend2d").join("src")
    }
}

/// What a native package's build produced.
struct BuiltPackage {
    dir: &'static str,
    archives: Vec<PathBuf>,
    include: PathBuf,
}

/// One holder group as read from the declarations.
struct DeclaredGroup {
    name: String,
    library: String,
    symbols: Vec<String>,
}

type BuildResult<T> = Result<T, String>;

fn main() {
    if let Err(message) = run() {
        // A build script reports failure by exiting non-zero; cargo shows this text.
        eprintln!("error: building libgoldberry failed: {message}");
        std::process::exit(1);
    }
}

fn run() -> BuildResult<()> {
    let manifest_dir = PathBuf::from(env_var("CARGO_MANIFEST_DIR")?);
    let root = manifest_dir.parent().ok_or("natives/ has no parent")?.to_path_buf();
    let out_dir = PathBuf::from(env_var("OUT_DIR")?);
    let natives_dir = target_dir(&out_dir, &root).join("natives");
    fs::create_dir_all(&natives_dir).map_err(|e| format!("cannot create {}: {e}", natives_dir.display()))?;

    let calls_src = manifest_dir.join("calls").join("src");
    let groups = read_declarations(&calls_src)?;
    write_declared_groups(&out_dir.join("declared_groups.rs"), &groups)?;
    let exported: Vec<&str> = groups
        .iter()
        .filter(|g| g.library == "libgoldberry")
        .flat_map(|g| g.symbols.iter().map(String::as_str))
        .collect();
    let version_script = version_script(&exported);
    let sanitize = Sanitize::from_env()?;

    let shim_dir = root.join("shim");
    let mut inputs = vec![manifest_dir.join("build.rs")];
    inputs.extend(files_in(&shim_dir, &["c", "h"])?);
    for package in PACKAGES {
        let dir = manifest_dir.join("build").join(package.dir);
        inputs.extend(
            ["Cargo.toml", "Cargo.lock", "src/lib.rs", "build.rs"].iter().map(|f| dir.join(f)).filter(|f| f.exists()),
        );
    }
    let archive = Blend2dSource::archive_path()?;
    println!("cargo:rerun-if-changed={}", archive.display());
    let archive_sha256 = Blend2dSource::check(&archive)?;
    for input in &inputs {
        println!("cargo:rerun-if-changed={}", input.display());
    }
    println!("cargo:rerun-if-changed={}", calls_src.display());
    println!("cargo:rerun-if-changed={}", shim_dir.display());
    for var in ["CC", "CXX", "GOLDBERRY_NATIVES_REBUILD", Sanitize::VAR, Blend2dSource::VAR, "XDG_CACHE_HOME", "HOME"] {
        println!("cargo:rerun-if-env-changed={var}");
    }

    let library = natives_dir.join("libgoldberry.so");
    let static_shim = natives_dir.join("libgoldberry_shim_static.a");
    let stamp_path = natives_dir.join("libgoldberry.inputs");
    let stamp = input_hash(&inputs, &archive_sha256, &version_script, &sanitize)?;
    let fresh = library.exists()
        && static_shim.exists()
        && fs::read_to_string(&stamp_path).map(|s| s.trim() == stamp).unwrap_or(false)
        && env::var_os("GOLDBERRY_NATIVES_REBUILD").is_none();

    if fresh {
        // Up to date: nothing native changed since the library was linked.
    } else {
        let progress = Progress::start(&natives_dir, &stamp)?;
        let blend2d = Blend2dSource::unpack(&archive, &natives_dir)?;
        let done = AtomicBool::new(false);
        let built = std::thread::scope(|scope| {
            scope.spawn(|| progress.report_until(&done, &manifest_dir, &natives_dir));
            let built = build_packages(&manifest_dir, &natives_dir, &blend2d, &sanitize);
            done.store(true, Ordering::Relaxed);
            built
        })?;
        link_library(&shim_dir, &natives_dir, &built, &version_script, &exported, &sanitize)?;
        fs::write(&stamp_path, &stamp).map_err(|e| format!("cannot write {}: {e}", stamp_path.display()))?;
        progress.finish(&library, exported.len());
    }

    println!("cargo:rustc-env=GOLDBERRY_BUILD_NATIVES_DIR={}", natives_dir.display());
    // For the crossing benchmark's `direct` and `static` variants, which link the shim at build time.
    println!("cargo:rustc-link-search=native={}", natives_dir.display());
    println!("cargo:rustc-link-arg-benches=-Wl,-rpath,{}", natives_dir.display());
    Ok(())
}

/// The sanitizers the native code is compiled with, from `GOLDBERRY_NATIVES_SANITIZE` (empty: none).
struct Sanitize {
    kinds: Vec<&'static str>,
}

impl Sanitize {
    const VAR: &'static str = "GOLDBERRY_NATIVES_SANITIZE";
    /// The sanitizers GCC and Clang both offer that make sense in a shared library loaded by a plain binary.
    const KNOWN: [&'static str; 2] = ["address", "undefined"];

    fn from_env() -> BuildResult<Self> {
        let value = env::var(Self::VAR).unwrap_or_default();
        let mut kinds = Vec::new();
        for kind in value.split(',').map(str::trim).filter(|k| !k.is_empty()) {
            let known = Self::KNOWN.iter().find(|k| **k == kind).ok_or_else(|| {
                format!("{}={value}: unknown sanitizer `{kind}`; known: address, undefined", Self::VAR)
            })?;
            if !kinds.contains(known) {
                kinds.push(*known);
            }
        }
        Ok(Self { kinds })
    }

    /// The compiler and linker flags, or none when no sanitizer is asked for.
    fn flags(&self) -> Vec<String> {
        if self.kinds.is_empty() {
            return Vec::new();
        }
        // Frame pointers give the sanitizers' reports whole stacks through optimised native code.
        vec![format!("-fsanitize={}", self.kinds.join(",")), "-fno-omit-frame-pointer".to_owned()]
    }
}

fn env_var(name: &str) -> BuildResult<String> {
    env::var(name).map_err(|_| format!("cargo did not set {name}"))
}

/// The cargo target directory: the ancestor of OUT_DIR that holds CACHEDIR.TAG (cargo writes it there).
fn target_dir(out_dir: &Path, root: &Path) -> PathBuf {
    out_dir
        .ancestors()
        .find(|dir| dir.join("CACHEDIR.TAG").exists())
        .map(Path::to_path_buf)
        .or_else(|| env::var_os("CARGO_TARGET_DIR").map(PathBuf::from))
        .unwrap_or_else(|| root.join("target"))
}

fn files_in(dir: &Path, extensions: &[&str]) -> BuildResult<Vec<PathBuf>> {
    let mut files = Vec::new();
    let entries = fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    for entry in entries {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.is_dir() {
            files.extend(files_in(&path, extensions)?);
        } else if path.extension().and_then(|e| e.to_str()).is_some_and(|e| extensions.contains(&e)) {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

/// Reads every `holders!` group from the declaration files: a header line `pub struct NAME in "LIBRARY" {`,
/// then one `fn SYMBOL(` line per holder, until the line that is only `}`.
fn read_declarations(calls_src: &Path) -> BuildResult<Vec<DeclaredGroup>> {
    let mut groups = Vec::new();
    for file in files_in(calls_src, &["rs"])? {
        let text = fs::read_to_string(&file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        let mut current: Option<DeclaredGroup> = None;
        for line in text.lines() {
            let line = line.trim();
            if let Some(rest) = line.strip_prefix("pub struct ")
                && let Some((name, rest)) = rest.split_once(" in \"")
                && let Some((library, _)) = rest.split_once('"')
            {
                current = Some(DeclaredGroup {
                    name: name.trim().to_owned(),
                    library: library.to_owned(),
                    symbols: Vec::new(),
                });
                continue;
            }
            let Some(group) = current.as_mut() else { continue };
            if line == "}" {
                groups.extend(current.take());
            } else if let Some(rest) = line.strip_prefix("fn ") {
                let symbol: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                if symbol.is_empty() {
                    return Err(format!("{}: cannot read the symbol of `{line}`", file.display()));
                }
                group.symbols.push(symbol);
            }
        }
    }
    Ok(groups)
}

fn write_declared_groups(path: &Path, groups: &[DeclaredGroup]) -> BuildResult<()> {
    let mut text = String::from(
        "/// Every holder group as natives/build.rs read it from the declarations: (group, library, symbols).\n\
         pub const DECLARED_GROUPS: &[(&str, &str, &[&str])] = &[\n",
    );
    for group in groups {
        let symbols: Vec<String> = group.symbols.iter().map(|s| format!("{s:?}")).collect();
        let _ = writeln!(text, "    ({:?}, {:?}, &[{}]),", group.name, group.library, symbols.join(", "));
    }
    text.push_str("];\n");
    write_if_changed(path, &text)
}

fn version_script(symbols: &[&str]) -> String {
    let mut script = String::from("/* Generated by natives/build.rs from the holder declarations. */\n{\n  global:\n");
    for symbol in symbols {
        let _ = writeln!(script, "    {symbol};");
    }
    script.push_str("  local: *;\n};\n");
    script
}

fn write_if_changed(path: &Path, text: &str) -> BuildResult<()> {
    if fs::read_to_string(path).map(|old| old == text).unwrap_or(false) {
        return Ok(());
    }
    fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// FNV-1a over every input's path and bytes, the Blend2D archive's SHA-256, the export list and the sanitizers.
fn input_hash(
    inputs: &[PathBuf],
    archive_sha256: &str,
    version_script: &str,
    sanitize: &Sanitize,
) -> BuildResult<String> {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut feed = |bytes: &[u8]| {
        for byte in bytes {
            hash ^= u64::from(*byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    };
    for input in inputs {
        let bytes = fs::read(input).map_err(|e| format!("cannot read {}: {e}", input.display()))?;
        feed(input.file_name().map(|n| n.as_encoded_bytes()).unwrap_or_default());
        feed(&bytes);
    }
    feed(archive_sha256.as_bytes());
    feed(version_script.as_bytes());
    if !sanitize.kinds.is_empty() {
        feed(format!("sanitize={}", sanitize.kinds.join(",")).as_bytes());
    }
    Ok(format!("{hash:016x}"))
}

/// The rebuild's progress, a line at a time, in `<target>/natives/build.log`: cargo shows a build script's output
/// only when it fails, so ci/showcase and ci/test follow this file to keep the minutes from being silent.
struct Progress {
    log: PathBuf,
    started: Instant,
}

impl Progress {
    const EVERY: Duration = Duration::from_secs(15);

    fn start(natives_dir: &Path, stamp: &str) -> BuildResult<Self> {
        let log = natives_dir.join("build.log");
        let first = format!(
            "natives: compiling Blend2D, Yoga and HarfBuzz from source into libgoldberry: several minutes, once; \
             cached in {} under the hash {stamp} of its inputs\n",
            natives_dir.display()
        );
        fs::write(&log, first).map_err(|e| format!("cannot write {}: {e}", log.display()))?;
        Ok(Self { log, started: Instant::now() })
    }

    fn line(&self, text: &str) {
        use std::io::Write as _;
        let elapsed = self.started.elapsed().as_secs();
        let line = format!("natives: {text} ({}m{:02}s)\n", elapsed / 60, elapsed % 60);
        // Progress is a courtesy: a log that cannot be written must not fail the build.
        if let Ok(mut file) = fs::OpenOptions::new().append(true).open(&self.log) {
            let _ = file.write_all(line.as_bytes());
        }
    }

    /// Every few seconds, how many of each library's sources have become objects, until `done`.
    fn report_until(&self, done: &AtomicBool, manifest_dir: &Path, natives_dir: &Path) {
        let mut last = Instant::now();
        while !done.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(200));
            if last.elapsed() < Self::EVERY {
                continue;
            }
            last = Instant::now();
            let counts: Vec<String> = PACKAGES
                .iter()
                .map(|package| {
                    let compiled = objects_compiled(natives_dir, package);
                    match sources_total(manifest_dir, natives_dir, package) {
                        Some(total) => format!("{} {}/{total}", package.dir, compiled.min(total)),
                        None => format!("{} {compiled}", package.dir),
                    }
                })
                .collect();
            self.line(&format!("files compiled: {}", counts.join(", ")));
        }
    }

    fn finish(&self, library: &Path, exported: usize) {
        self.line(&format!("done: libgoldberry linked with {exported} exported functions"));
        println!(
            "cargo:warning=built {} ({exported} exported functions) in {:.0} s; cached until a native input changes",
            library.display(),
            self.started.elapsed().as_secs_f64()
        );
    }
}

/// The objects the package's build scripts have written so far.
fn objects_compiled(natives_dir: &Path, package: &NativePackage) -> usize {
    out_files(natives_dir, package, &["o"]).count()
}

/// The files with one of `extensions` in the out folders of the package's build scripts.
fn out_files(natives_dir: &Path, package: &NativePackage, extensions: &[&str]) -> impl Iterator<Item = PathBuf> {
    let build = natives_dir.join("cargo").join(package.dir).join("release").join("build");
    let prefix = format!("{}-", package.crate_name);
    fs::read_dir(&build)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .filter(move |entry| entry.file_name().to_string_lossy().starts_with(&prefix))
        .flat_map(|entry| files_in(&entry.path().join("out"), extensions).unwrap_or_default())
}

/// How many C and C++ files the package's build script compiles, once cargo has unpacked its crate; for Blend2D,
/// the translation units its build script has written (each includes up to a dozen of its files).
fn sources_total(manifest_dir: &Path, natives_dir: &Path, package: &NativePackage) -> Option<usize> {
    match package.origin {
        Origin::PinnedBlend2d => {
            let unit = |f: &PathBuf| f.file_name().is_some_and(|n| n.to_string_lossy().contains("_unit"));
            let units = out_files(natives_dir, package, &["cpp"]).filter(unit);
            return Some(units.count()).filter(|n| *n > 0);
        }
        Origin::Unpacked { crate_name, sources, .. } => {
            let total =
                files_in(&registry_source(manifest_dir, package.dir, crate_name)?.join(sources), &["cpp"]).ok()?.len();
            return (total > 0).then_some(total);
        }
        Origin::Vendored { .. } => {}
    }
    let source = registry_source(manifest_dir, package.dir, package.crate_name)?;
    let total = fs::read_to_string(source.join("build.rs")).ok()?.matches(".file(\"").count();
    (total > 0).then_some(total)
}

/// The folder cargo unpacked a crate into, at the version the package's Cargo.lock pins, once it has.
fn registry_source(manifest_dir: &Path, dir: &str, crate_name: &str) -> Option<PathBuf> {
    let lock = fs::read_to_string(manifest_dir.join("build").join(dir).join("Cargo.lock")).ok()?;
    let entry = lock.split("[[package]]").find(|e| e.contains(&format!("name = \"{crate_name}\"")))?;
    let version = entry.lines().find_map(|l| l.strip_prefix("version = \""))?.trim_end_matches('"');
    let cargo_home = env::var_os("CARGO_HOME").map(PathBuf::from)?;
    let registry = fs::read_dir(cargo_home.join("registry").join("src")).ok()?;
    registry
        .filter_map(Result::ok)
        .map(|index| index.path().join(format!("{crate_name}-{version}")))
        .find(|d| d.is_dir())
}

/// Runs the three stand-alone native builds side by side and collects their archives and header directories.
///
/// The builds share this build's jobserver. They wait in one queue, largest first; a worker on the token cargo
/// gave this script takes them one after another, and each token the jobserver hands out meanwhile starts another
/// worker on the same queue. So `cargo build -j1` builds them one by one, `-j2` two at a time, and cc's `parallel`
/// feature (enabled in natives/build/*) draws from the same pool: at most N native files compile at once.
fn build_packages(
    manifest_dir: &Path,
    natives_dir: &Path,
    blend2d: &Blend2dSource,
    sanitize: &Sanitize,
) -> BuildResult<Vec<BuiltPackage>> {
    // SAFETY: cargo hands a build script its jobserver in CARGO_MAKEFLAGS, and this is the only place that opens
    // those descriptors; nothing else in this process reads or closes them.
    let jobserver = unsafe { jobserver::Client::from_env() };
    let queue = Mutex::new(PACKAGES.iter().collect::<VecDeque<_>>());
    let results = Mutex::new(Vec::new());
    let work = |token: Option<jobserver::Acquired>| {
        loop {
            // Taken in a statement of its own: the queue's lock must not be held while the package builds.
            let next = lock(&queue).pop_front();
            let Some(package) = next else { break };
            let built = build_package(manifest_dir, natives_dir, package, blend2d, jobserver.as_ref(), sanitize);
            lock(&results).push(built);
        }
        drop(token);
    };
    std::thread::scope(|scope| -> BuildResult<()> {
        let (tokens, arrived) = mpsc::channel();
        // Tokens are asked for on a helper thread; one that arrives once the queue is empty is given back.
        let helper = match &jobserver {
            Some(client) => {
                let helper = client
                    .clone()
                    .into_helper_thread(move |token| {
                        if let Ok(token) = token {
                            let _ = tokens.send(token);
                        }
                    })
                    .map_err(|e| format!("cannot wait for job tokens: {e}"))?;
                for _ in 1..PACKAGES.len() {
                    helper.request_token();
                }
                Some(helper)
            }
            None => None,
        };
        scope.spawn(|| work(None));
        while helper.is_some() && !lock(&queue).is_empty() {
            if let Ok(token) = arrived.recv_timeout(Duration::from_millis(100)) {
                scope.spawn(|| work(Some(token)));
            }
        }
        drop(helper);
        Ok(())
    })?;
    let mut built = Vec::new();
    let mut failures = Vec::new();
    for result in results.into_inner().unwrap_or_else(PoisonError::into_inner) {
        match result {
            Ok(package) => built.push(package),
            Err(failure) => failures.push(failure),
        }
    }
    if failures.is_empty() { Ok(built) } else { Err(format!("native builds failed: {}", failures.join("; "))) }
}

/// The value behind `mutex`, even if a thread panicked holding it (a build's result is still worth reporting).
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Runs one stand-alone native build and finds its archives and headers in cargo's messages.
fn build_package(
    manifest_dir: &Path,
    natives_dir: &Path,
    package: &NativePackage,
    blend2d: &Blend2dSource,
    jobserver: Option<&jobserver::Client>,
    sanitize: &Sanitize,
) -> BuildResult<BuiltPackage> {
    let manifest = manifest_dir.join("build").join(package.dir).join("Cargo.toml");
    let mut command = inner_cargo();
    command
        .args(["build", "--release", "--locked", "--message-format=json-render-diagnostics"])
        .arg("--manifest-path")
        .arg(&manifest)
        .arg("--target-dir")
        .arg(natives_dir.join("cargo").join(package.dir))
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    let unpacked = match package.origin {
        Origin::Unpacked { crate_name, include, source_var, .. } => {
            let root = unpack_crate(&manifest, crate_name)?;
            command.env(source_var, root.join(include));
            Some(root.join(include))
        }
        _ => None,
    };
    if let Some(client) = jobserver {
        client.configure(&mut command);
    }
    if let Origin::PinnedBlend2d = package.origin {
        command.env("GOLDBERRY_BLEND2D_SOURCE", &blend2d.root);
    }
    // The three libraries are C++ compiled through cc, which appends CXXFLAGS to every file's command and reruns
    // their build scripts when it changes. Not CFLAGS: it would also instrument C in the build scripts' own
    // dependencies (libloading's did, under the bindgen the yoga crate's build ran), which then fail to link
    // without the runtime.
    let flags = sanitize.flags();
    if !flags.is_empty() {
        let mut value = env::var("CXXFLAGS").unwrap_or_default();
        for flag in &flags {
            value.push(' ');
            value.push_str(flag);
        }
        command.env("CXXFLAGS", value.trim_start());
    }
    let mut child = command.spawn().map_err(|e| format!("cannot run {:?}: {e}", command.get_program()))?;

    let mut out_dirs = Vec::new();
    let mut source_root = None;
    if let Some(stdout) = child.stdout.take() {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let Ok(message) = serde_json::from_str::<serde_json::Value>(&line) else { continue };
            let package_id = message["package_id"].as_str().unwrap_or_default();
            if !package_id.contains(&format!("#{}@", package.crate_name)) {
                continue;
            }
            match message["reason"].as_str() {
                Some("build-script-executed") => {
                    out_dirs.extend(message["out_dir"].as_str().map(PathBuf::from));
                }
                Some("compiler-artifact") => {
                    source_root =
                        message["manifest_path"].as_str().and_then(|m| Path::new(m).parent()).map(Path::to_path_buf);
                }
                _ => {}
            }
        }
    }
    let status = child.wait().map_err(|e| e.to_string())?;
    if !status.success() {
        return Err(format!("natives/build/{} ({status})", package.dir));
    }
    let mut archives = Vec::new();
    for out_dir in &out_dirs {
        archives.extend(files_in(out_dir, &["a"])?);
    }
    let source_root = source_root.ok_or(format!("cargo did not report where {} lives", package.crate_name))?;
    if archives.is_empty() {
        return Err(format!("building {} produced no static archive", package.crate_name));
    }
    let include = match (&package.origin, unpacked) {
        (Origin::Vendored { include }, _) => source_root.join(include),
        (Origin::PinnedBlend2d, _) => blend2d.include(),
        (Origin::Unpacked { .. }, Some(include)) => include,
        (Origin::Unpacked { crate_name, .. }, None) => return Err(format!("{crate_name} was not unpacked")),
    };
    Ok(BuiltPackage { dir: package.dir, archives, include })
}

/// A cargo command for one of the stand-alone packages: the outer build's settings (profile, features, target dir,
/// flags) must not leak into it; its jobserver (CARGO_MAKEFLAGS) and network settings must.
fn inner_cargo() -> Command {
    let mut command = Command::new(env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned()));
    for (key, _) in env::vars_os() {
        let key = key.to_string_lossy().into_owned();
        let keep = key == "CARGO_HOME"
            || key == "CARGO_MAKEFLAGS"
            || key.starts_with("CARGO_NET_")
            || key.starts_with("CARGO_HTTP_");
        let outer = key.starts_with("CARGO_")
            || key.starts_with("DEP_")
            || [
                "TARGET",
                "HOST",
                "OUT_DIR",
                "OPT_LEVEL",
                "PROFILE",
                "DEBUG",
                "NUM_JOBS",
                "RUSTC",
                "RUSTDOC",
                "RUSTC_WRAPPER",
                "RUSTC_WORKSPACE_WRAPPER",
                "RUSTC_LINKER",
                "MAKEFLAGS",
                "MFLAGS",
            ]
            .contains(&key.as_str());
        if outer && !keep {
            command.env_remove(&key);
        }
    }
    command
}

/// The folder of `crate_name` at the version the package's Cargo.lock pins, downloaded (checksum checked) and
/// unpacked by `cargo metadata` without building it: the package names it behind a feature no build enables.
fn unpack_crate(manifest: &Path, crate_name: &str) -> BuildResult<PathBuf> {
    let output = inner_cargo()
        .args(["metadata", "--format-version", "1", "--locked", "--all-features", "--manifest-path"])
        .arg(manifest)
        // Only this platform's packages: the others would be downloaded for nothing.
        .args(["--filter-platform", &env_var("TARGET")?])
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run cargo metadata: {e}"))?;
    if !output.status.success() {
        return Err(format!("cargo metadata for {} ({})", manifest.display(), output.status));
    }
    let metadata: serde_json::Value =
        serde_json::from_slice(&output.stdout).map_err(|e| format!("cargo metadata printed no JSON: {e}"))?;
    let packages = metadata["packages"].as_array().map(Vec::as_slice).unwrap_or_default();
    packages
        .iter()
        .filter(|p| p["name"] == crate_name)
        .find_map(|p| p["manifest_path"].as_str().and_then(|m| Path::new(m).parent()).map(Path::to_path_buf))
        .ok_or_else(|| format!("cargo metadata for {} names no {crate_name}", manifest.display()))
}

/// Compiles the shim against the real headers and links everything into libgoldberry.so, atomically.
fn link_library(
    shim_dir: &Path,
    natives_dir: &Path,
    built: &[BuiltPackage],
    version_script: &str,
    exported: &[&str],
    sanitize: &Sanitize,
) -> BuildResult<()> {
    let cc = env::var("CC").unwrap_or_else(|_| "cc".to_owned());
    let cxx = env::var("CXX").unwrap_or_else(|_| "c++".to_owned());
    let object_dir = natives_dir.join("shim");
    fs::create_dir_all(&object_dir).map_err(|e| e.to_string())?;

    let sdl_include = sdl_include_dir()?;
    let yoga_version = yoga_version(built)?;
    let mut objects = Vec::new();
    for source in files_in(shim_dir, &["c"])? {
        let stem = source.file_stem().and_then(|s| s.to_str()).unwrap_or("shim");
        let object = object_dir.join(format!("{stem}.o"));
        let mut command = Command::new(&cc);
        command.args(["-std=gnu11", "-O2", "-fPIC", "-Wall", "-Wextra", "-Werror", "-c"]).arg(&source);
        command.args(sanitize.flags());
        command.arg("-o").arg(&object).arg("-I").arg(shim_dir).arg("-I").arg(&sdl_include);
        command.arg(format!("-DGOLDBERRY_YOGA_VERSION=\"{yoga_version}\""));
        for package in built {
            command.arg("-I").arg(&package.include);
        }
        run_tool(&mut command, &format!("compiling {}", source.display()))?;
        objects.push(object);
    }

    let script_path = natives_dir.join("libgoldberry.exports");
    fs::write(&script_path, version_script).map_err(|e| e.to_string())?;
    let library = natives_dir.join("libgoldberry.so");
    let partial = natives_dir.join("libgoldberry.so.partial");
    let mut link = Command::new(&cxx);
    link.arg("-shared").arg("-o").arg(&partial).arg("-Wl,-soname,libgoldberry.so");
    link.arg(format!("-Wl,--version-script={}", script_path.display()));
    // With sanitizers, the compiler driver adds their runtimes (libasan, libubsan) as the library's dependencies.
    link.args(sanitize.flags());
    link.args(&objects).arg("-Wl,--whole-archive");
    for package in built {
        link.args(&package.archives);
    }
    link.args(["-Wl,--no-whole-archive", "-lm", "-lpthread", "-lrt", "-Wl,-O1", "-Wl,--as-needed"]);
    run_tool(&mut link, "linking libgoldberry.so")?;

    // Every declared symbol must be exported: a typo in a declaration fails here, not at run time.
    let nm = Command::new("nm")
        .args(["-D", "--defined-only"])
        .arg(&partial)
        .output()
        .map_err(|e| format!("cannot run nm: {e}"))?;
    let listing = String::from_utf8_lossy(&nm.stdout);
    let defined: std::collections::BTreeSet<&str> =
        listing.lines().filter_map(|l| l.split_whitespace().nth(2)).collect();
    let missing: Vec<&&str> = exported.iter().filter(|s| !defined.contains(**s)).collect();
    if !missing.is_empty() {
        let names: Vec<&str> = missing.iter().map(|s| **s).collect();
        return Err(format!(
            "the native libraries do not define {} declared function(s): {}",
            names.len(),
            names.join(", ")
        ));
    }
    fs::rename(&partial, &library).map_err(|e| e.to_string())?;

    // The crossing benchmark's `static` floor: the shim's ABI-version object, linked into the bench itself,
    // under its own name so it cannot be confused with the shared object's export.
    let abi_object = object_dir.join("abi_version.o");
    let renamed = object_dir.join("abi_version_static.o");
    run_tool(
        Command::new("objcopy")
            .arg("--redefine-sym=goldberry_abi_version=goldberry_abi_version_static")
            .arg(&abi_object)
            .arg(&renamed),
        "renaming the static shim symbol",
    )?;
    let archive = natives_dir.join("libgoldberry_shim_static.a");
    let _ = fs::remove_file(&archive);
    run_tool(Command::new("ar").arg("rcs").arg(&archive).arg(&renamed), "archiving the static shim")?;
    Ok(())
}

/// The version of the Yoga source the yoga crate vendors, as its release files name it (`VERSION_NAME=3.2.1` in
/// gradle.properties, beside the headers): Yoga has no version function, so the shim reports this.
fn yoga_version(built: &[BuiltPackage]) -> BuildResult<String> {
    let yoga = built.iter().find(|p| p.dir == "yoga").ok_or("the Yoga build produced nothing")?;
    let file = yoga.include.join("gradle.properties");
    let text = fs::read_to_string(&file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    text.lines()
        .find_map(|l| l.strip_prefix("VERSION_NAME="))
        .map(|v| v.trim().to_owned())
        .filter(|v| !v.is_empty() && v.chars().all(|c| c.is_ascii_digit() || c == '.'))
        .ok_or_else(|| format!("{} names no VERSION_NAME", file.display()))
}

fn sdl_include_dir() -> BuildResult<PathBuf> {
    if let Ok(output) = Command::new("pkg-config").args(["--variable=includedir", "sdl2"]).output()
        && output.status.success()
    {
        let dir = PathBuf::from(String::from_utf8_lossy(&output.stdout).trim()).join("SDL2");
        if dir.join("SDL.h").exists() {
            return Ok(dir);
        }
    }
    let fallback = PathBuf::from("/usr/include/SDL2");
    if fallback.join("SDL.h").exists() {
        Ok(fallback)
    } else {
        Err("SDL2's headers are missing (the shim checks SDL's struct layouts): run ci/setup, or apt-get install libsdl2-dev".to_owned())
    }
}

fn run_tool(command: &mut Command, what: &str) -> BuildResult<()> {
    let status = command.status().map_err(|e| format!("{what}: cannot start {:?}: {e}", command.get_program()))?;
    if status.success() { Ok(()) } else { Err(format!("{what} failed ({status})")) }
}
