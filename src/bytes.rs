//! Byte counts in words, for messages and reports: one formatter for the core's errors and the shells'
//! summaries, in integer arithmetic (no float formatting code in the WebAssembly build).

const KIB: u64 = 1 << 10;
const MIB: u64 = 1 << 20;

/// A byte count in words: exact mebibytes and kibibytes as such (`256 MiB`, `64 KiB`), other counts from
/// 1 MiB on in MiB, whole from 10 MiB on (`21 MiB`) and with two decimals below (`1.43 MiB`), smaller
/// ones in bytes (`1000 bytes`).
pub fn describe_bytes(n: u64) -> String {
    if n % MIB == 0 {
        return format!("{} MiB", n / MIB);
    }
    if n % KIB == 0 && n < MIB {
        return format!("{} KiB", n / KIB);
    }
    if n < MIB {
        return format!("{n} bytes");
    }
    let hundredths = (n as u128 * 100 + (MIB as u128 / 2)) / MIB as u128;
    if hundredths >= 1000 {
        format!("{} MiB", (hundredths + 50) / 100)
    } else {
        format!("{}.{:02} MiB", hundredths / 100, hundredths % 100)
    }
}

#[cfg(test)]
mod tests {
    use super::describe_bytes;

    #[test]
    fn counts_read_as_people_write_them() {
        assert_eq!(describe_bytes(256 << 20), "256 MiB");
        assert_eq!(describe_bytes(0), "0 MiB");
        assert_eq!(describe_bytes(64 << 10), "64 KiB");
        assert_eq!(describe_bytes(1000), "1000 bytes");
        assert_eq!(describe_bytes((3 << 20) + 300_000), "3.29 MiB");
        assert_eq!(describe_bytes(1_500_000), "1.43 MiB");
        assert_eq!(describe_bytes(88_179_840 / 4), "21 MiB");
        assert_eq!(describe_bytes((10 << 20) - 1), "10 MiB");
        assert_eq!(describe_bytes((1 << 20) + 5), "1.00 MiB");
        assert_eq!(describe_bytes((2 << 20) - 1), "2.00 MiB");
        assert_eq!(describe_bytes(3 << 30), "3072 MiB");
        assert_eq!(describe_bytes(u64::MAX), "17592186044416 MiB");
    }
}
