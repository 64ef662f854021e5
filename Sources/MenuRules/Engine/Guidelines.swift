import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// Citations of the guideline pages in `shared/hig/`.
enum Guidelines {
    static let pullDownFile = "000_a8171f9544979e2f.txt"
    static let popUpFile = "001_e686c021acd7bb0b.txt"
    static let menusFile = "002_4c177d079b805559.txt"
    static let buttonsOlderFile = "003_fa0f4dbd6527d305.txt"
    static let buttonsFile = "004_8203bdb08a2a8dc2.txt"

    static let base = "https://developer.apple.com/design/human-interface-guidelines/"

    static func pullDown(_ section: String) -> GuidelineCitation {
        GuidelineCitation(file: pullDownFile, section: "Pull-down buttons › \(section)", url: base + "pull-down-buttons")
    }

    static func popUp(_ section: String) -> GuidelineCitation {
        GuidelineCitation(file: popUpFile, section: "Pop-up buttons › \(section)", url: base + "pop-up-buttons")
    }

    static func menus(_ section: String) -> GuidelineCitation {
        GuidelineCitation(file: menusFile, section: "Menus › \(section)", url: base + "menus")
    }

    static func buttons(_ section: String) -> GuidelineCitation {
        GuidelineCitation(file: buttonsFile, section: "Buttons › \(section)", url: base + "buttons")
    }

    static func buttonsOlder(_ section: String) -> GuidelineCitation {
        GuidelineCitation(file: buttonsOlderFile, section: "Buttons (older edition) › \(section)", url: base + "buttons")
    }
}
