import MenuSupport

/// Reads one environment variable.
///
/// `ProcessInfo.environment` copies the whole environment into a dictionary
/// on first use — a tenth of the instructions of `menuc check` on a
/// one-line file — to answer one question.
enum Environment {
    static func value(_ name: String) -> String? {
        guard let pointer = getenv(name) else { return nil }
        return String(cString: pointer)
    }
}

/// `MENUC_JOBS`: the number of workers `check` and `build` use (benchmarks
/// pin it to 1). Anything but a whole number from 1 is ignored, with a
/// warning, and every core is used.
struct JobsSetting {
    let workers: Int
    let problem: String?

    static func fromEnvironment() -> JobsSetting {
        let cores = Parallel.processorCount
        guard let text = Environment.value("MENUC_JOBS") else { return JobsSetting(workers: cores, problem: nil) }
        if let jobs = Int(text), jobs > 0 { return JobsSetting(workers: jobs, problem: nil) }
        return JobsSetting(workers: cores,
                           problem: "MENUC_JOBS='\(text)' is not a whole number from 1, so it is ignored: using all \(cores) cores")
    }
}
