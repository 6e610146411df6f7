/// yadg's version, as `yadg --version`, Settings' About and the manual's header say it.
public enum YadgVersion {
    public static let number = "0.1.0"
}
