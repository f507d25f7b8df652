"""Every sentence and label of the site, in Brazilian Portuguese and British English.

The words follow ``docs/series.md`` (the booklets' house style): "Boards" /
"Tabuleiros" for the heading a booklet's "Making your own" points to, 100%
without a space, curly quotes, a decimal comma in Portuguese.  What a link
says is made here from its record, so that every link names what it
downloads: "Board, A4, PDF, 1 page, 48 KB".
"""

from __future__ import annotations

import re

from boardgen.site.catalogue import Artefact

LANGS = ("pt", "en")  # the site's languages; the first is the one at the site's root
TAGS = {"pt": "pt-BR", "en": "en"}  # HTML lang attributes
LANGUAGE_NAMES = {"pt": "Português", "en": "English"}  # each in its own language, for the switch

TEXT: dict[str, dict[str, str]] = {
    "pt": {
        "site_title": "Jogos de tabuleiro para imprimir",
        "site_intro": "Tabuleiros em escala exata e livretos de regras em português e inglês, para imprimir em casa e jogar.",
        "games": "Jogos",
        "home": "Todos os jogos",
        "contents": "Nesta página",
        "open_game": "Tabuleiros e regras de {title}",
        "players": "Jogadores",
        "time": "Duração",
        "ages": "Idade",
        "the_game": "O jogo",
        "rules_described": "Regras descritas",
        "boards": "Tabuleiros",
        "how_to_print": "Como imprimir",
        "print_calibrate": "Antes do primeiro tabuleiro, imprima a folha de teste da impressora: duas barras de 100 mm, uma em cada sentido, e molduras a 3 e 6 mm da borda.",
        "print_actual": "Imprima em tamanho real (100%), sem “ajustar à página”.",
        "print_bar": "Meça com uma régua a barra de 100 mm da folha. Se ela estiver menor ou maior, a impressora mudou a escala: imprima de novo em tamanho real.",
        "print_svg": "Um arquivo SVG também se imprime pelo navegador: deixe a escala em 100% e escolha o papel da folha (A4 ou Carta).",
        "editions_table": "Edições do livreto de {title}, por papel e idioma",
        "paper_column": "Papel",
        "ink_column": "Tinta",
        "column_pt+en": "Bilíngue",
        "column_en+pt": "Bilíngue",
        "column_pt": "Português",
        "column_en": "Inglês",
        "ink_full": "Normal",
        "ink_light": "Econômica",
        "imposed_row": "A5 para dobrar, em folhas {paper}",
        "no_file": "não há",
        "being_made": "em preparação",
        "key_languages": "Idioma",
        "key_languages_text": "a edição bilíngue traz o português e o inglês lado a lado, em duas colunas; as outras trazem o mesmo livreto numa língua só.",
        "key_papers": "Papel",
        "key_papers_text": "A5, A4 ou Carta é o tamanho da página, para ler na tela ou imprimir página por página.",
        "key_imposed": "Para dobrar e grampear",
        "key_imposed_text": "as páginas A5, duas por folha A4 ou Carta: imprima frente e verso virando pela borda curta, dobre o maço ao meio e grampeie na dobra.",
        "key_light": "Edição econômica",
        "key_light_text": "sem fundos coloridos e com os tabuleiros em traço claro, para uma impressora preto e branco ou para gastar menos tinta ou toner.",
        "other_group": "Outros arquivos",
        "examples": "Os diagramas em arquivos",
        "examples_intro": "Cada diagrama das regras, desenhado e verificado pelo motor de regras, num arquivo SVG para usar em outro lugar.",
        "sources": "Fontes",
        "get_intro": "O tabuleiro em escala exata para o seu papel, o livreto de regras e as peças. Imprima em tamanho real (100%).",
        "paper_now": "Para papel {paper}.",
        "paper_other": "Prefere papel {paper}?",
        "more_formats": "Mais formatos",
        "more_formats_intro": "Todos os arquivos do jogo, pelo que você quer fazer.",
        "one_sheet_group": "Imprimir numa folha",
        "one_sheet_group_intro": "O tabuleiro inteiro numa só folha, em PDF ou SVG, em todos os papéis e tamanhos, com a barra de 100 mm para conferir a escala.",
        "pieces_group": "Recortar as peças",
        "pieces_group_intro": "As peças do jogo no tamanho do tabuleiro impresso no mesmo papel, com linhas de corte e de dobra.",
        "big_group": "Imprimir grande",
        "big_group_intro": "Um tabuleiro maior, dividido em várias folhas para recortar e colar; a primeira página mostra como elas se encaixam.",
        "save_ink_group": "Gastar menos tinta",
        "save_ink_group_intro": "Sem fundos coloridos e com traço claro, para uma impressora preto e branco ou para gastar menos tinta ou toner.",
        "save_ink_booklets": "As edições econômicas do livreto estão na tabela de “Fazer um livreto”.",
        "make_booklet_group": "Fazer um livreto",
        "make_booklet_group_intro": "O livreto em cada papel e idioma, a edição bilíngue e a edição para dobrar e grampear.",
        "pen_play_group": "Jogar com caneta e papel",
        "keep_score_group": "Anotar a partida",
        "footer_about": "Jogos de tabuleiro para imprimir em casa: tabuleiros em escala exata e regras em português e inglês, de graça.",
        "footer_print": "Imprima sempre em tamanho real (100%), sem “ajustar à página”, e confira a escala com a",
        "footer_calibration": "folha de teste da impressora",
        "footer_licence": "Os textos das regras foram escritos por nós e podem ser copiados, impressos e adaptados livremente, sob a licença MIT.",
        "for_websites": "Para outros sites",
        "not_found_title": "Página não encontrada",
        "not_found_text": "Esta página não existe (ou mudou de lugar). Todos os jogos estão na página inicial.",
        # link parts
        "board": "Tabuleiro",
        "poster": "Pôster em várias folhas",
        "pen": "Folha para canetas",
        "record": "Folha de anotação",
        "calibration": "Folha de teste da impressora",
        "pieces": "Peças para recortar",
        "booklet": "Livreto",
        "booklet-imposed": "Livreto para dobrar",
        "diagram": "Diagrama {number}",
        "manifest": "Catálogo",
        "thumbnail": "Imagem",
        "page": "Página",
        "style": "Estilo",
        "lang_pt+en": "bilíngue",
        "lang_en+pt": "bilíngue",
        "lang_pt": "em português",
        "lang_en": "em inglês",
        "imposed_on": "A5 em folhas {paper}",
        "light": "edição econômica",
        "page_one": "{n}\u00a0página",
        "page_many": "{n}\u00a0páginas",
        "board_alt": "Tabuleiro de {title}{size}",
        "diagram_alt": "Diagrama {number} de {title}",
        "cover_caption": "A imagem da capa do livreto.",
    },
    "en": {
        "site_title": "Board games to print",
        "site_intro": "Exact-scale boards and rule booklets in Portuguese and English, to print at home and play.",
        "games": "Games",
        "home": "All games",
        "contents": "On this page",
        "open_game": "{title}: boards and rules",
        "players": "Players",
        "time": "Playing time",
        "ages": "Ages",
        "the_game": "The game",
        "rules_described": "Rules described",
        "boards": "Boards",
        "how_to_print": "How to print",
        "print_calibrate": "Before your first board, print the printer self-test sheet: two 100 mm bars, one each way, and frames 3 and 6 mm from the edge.",
        "print_actual": "Print at actual size (100%), not “fit to page”.",
        "print_bar": "Measure the 100 mm bar on the sheet with a ruler. If it is shorter or longer, the printer has scaled the page: print it again at actual size.",
        "print_svg": "An SVG file prints from a web browser too: leave the scale at 100% and choose the sheet’s paper (A4 or Letter).",
        "editions_table": "Editions of the {title} booklet, by paper and language",
        "paper_column": "Paper",
        "ink_column": "Ink",
        "column_pt+en": "Bilingual",
        "column_en+pt": "Bilingual",
        "column_pt": "Portuguese",
        "column_en": "English",
        "ink_full": "Full ink",
        "ink_light": "Ink-saving",
        "imposed_row": "A5 to fold, on {paper} sheets",
        "no_file": "none",
        "being_made": "being made",
        "key_languages": "Language",
        "key_languages_text": "the bilingual edition has Portuguese and English side by side, in two columns; the others have the same booklet in one language only.",
        "key_papers": "Paper",
        "key_papers_text": "A5, A4 or Letter is the size of the page, to read on screen or to print page by page.",
        "key_imposed": "To fold and staple",
        "key_imposed_text": "the A5 pages two to an A4 or Letter sheet: print on both sides, flipping on the short edge, fold the stack in the middle and staple on the fold.",
        "key_light": "Ink-saving",
        "key_light_text": "no tinted boxes and the boards drawn in light lines, for a black-and-white printer or to use less ink or toner.",
        "other_group": "Other files",
        "examples": "The diagrams as files",
        "examples_intro": "Each diagram of the rules, drawn and checked by the rules engine, in an SVG file to use elsewhere.",
        "sources": "Sources",
        "get_intro": "The board at exact scale for your paper, the rule booklet and the pieces. Print at actual size (100%).",
        "paper_now": "For {paper} paper.",
        "paper_other": "Use {paper} paper instead?",
        "more_formats": "More formats",
        "more_formats_intro": "Every file of the game, by what you want to do.",
        "one_sheet_group": "Print on one sheet",
        "one_sheet_group_intro": "The whole board on one sheet, as PDF or SVG, on every paper and in every size, with the 100 mm bar to check the scale.",
        "pieces_group": "Cut out the pieces",
        "pieces_group_intro": "The game’s pieces at the size of the board printed on the same paper, with cut and fold lines.",
        "big_group": "Print big",
        "big_group_intro": "A larger board over several sheets that you trim and glue together; the first page shows how they fit.",
        "save_ink_group": "Save ink",
        "save_ink_group_intro": "No tinted backgrounds and light lines, for a black-and-white printer or to use less ink or toner.",
        "save_ink_booklets": "The booklet’s ink-saving editions are in the table under “Make a booklet”.",
        "make_booklet_group": "Make a booklet",
        "make_booklet_group_intro": "The booklet on each paper and in each language, the bilingual edition and the edition to fold and staple.",
        "pen_play_group": "Play with pen and paper",
        "keep_score_group": "Keep score",
        "footer_about": "Board games to print at home: exact-scale boards and rules in Portuguese and English, free.",
        "footer_print": "Always print at actual size (100%), not “fit to page”, and check the scale with the",
        "footer_calibration": "printer self-test sheet",
        "footer_licence": "The rule texts are our own writing: copy, print and adapt them freely, under the MIT licence.",
        "for_websites": "For other websites",
        "not_found_title": "Page not found",
        "not_found_text": "This page does not exist (or has moved). Every game is on the home page.",
        "board": "Board",
        "poster": "Tiled poster",
        "pen": "Pen-and-paper sheet",
        "record": "Record sheet",
        "calibration": "Printer self-test sheet",
        "pieces": "Pieces to cut out",
        "booklet": "Booklet",
        "booklet-imposed": "Booklet to fold",
        "diagram": "Diagram {number}",
        "manifest": "Catalogue",
        "thumbnail": "Picture",
        "page": "Page",
        "style": "Style",
        "lang_pt+en": "bilingual",
        "lang_en+pt": "bilingual",
        "lang_pt": "in Portuguese",
        "lang_en": "in English",
        "imposed_on": "A5 on {paper} sheets",
        "light": "ink-saving",
        "page_one": "{n}\u00a0page",
        "page_many": "{n}\u00a0pages",
        "board_alt": "{title} {size}board",
        "diagram_alt": "{title} diagram {number}",
        "cover_caption": "The picture on the booklet’s cover.",
    },
}

PAPER_NAMES = {"pt": {"letter": "Carta"}, "en": {"letter": "Letter"}}


def text(lang: str, key: str, **values: object) -> str:
    """One sentence or label of the site in ``lang``, its ``{placeholders}`` filled in."""
    return TEXT[lang][key].format(**values) if values else TEXT[lang][key]


def decimal(value: float, lang: str, places: int = 1) -> str:
    """A number as the language writes it: ``1.2`` in English, ``1,2`` in Portuguese."""
    written = f"{value:.{places}f}"
    return written.replace(".", ",") if lang == "pt" else written


def file_size(size: int, lang: str) -> str:
    """A file's size for a reader: ``800 bytes``, ``48 KB``, ``1.2 MB`` (powers of 1000, as the SI has them).

    Whole kilobytes below a megabyte (a tenth of a KB tells nobody anything),
    one decimal place from a megabyte up.  The number and its unit are held
    together by a no-break space, so a narrow screen never splits them.
    """
    if size < 1000:
        return f"{size}\u00a0bytes"
    if size < 999_500:
        return f"{round(size / 1000)}\u00a0KB"
    return f"{decimal(size / 1_000_000, lang)}\u00a0MB"


def page_count(pages: int, lang: str) -> str:
    return text(lang, "page_one" if pages == 1 else "page_many", n=pages)


def paper_name(paper: str, lang: str) -> str:
    """``A4``, ``A5``, ``Letter`` (``Carta`` in Brazil), a custom size as given."""
    return PAPER_NAMES[lang].get(paper, paper.upper())


def link_parts(record: Artefact, lang: str, number: int | None = None, size: str = "") -> tuple[list[str], list[str]]:
    """What a download link says, in two halves: what the file is, and the file's details.

    The first half is the kind, the board's size (``size``, its words, given
    when the game's boards come in several sizes), the language, the paper
    and the edition (ink, variant): what the row and column headers say of a
    file in the booklets' table.  The second is its format, pages and size,
    which only the link can say.
    """
    what = [text(lang, record.kind, number=number if number is not None else "")]
    if size:
        what.append(size)
    if record.kind in ("booklet", "booklet-imposed") and record.lang:
        what.append(TEXT[lang].get(f"lang_{record.lang}", record.lang))
    if record.paper:
        if record.kind == "booklet-imposed":
            what.append(text(lang, "imposed_on", paper=paper_name(record.paper, lang)))
        else:
            what.append(paper_name(record.paper, lang))
    if record.ink == "light":
        what.append(text(lang, "light"))
    if record.variant:
        what.append(record.variant)
    details = [record.format.upper()]
    if record.pages is not None:
        details.append(page_count(record.pages, lang))
    details.append(file_size(record.bytes, lang))
    return [part.strip() for part in what], details


def link_text(record: Artefact, lang: str, number: int | None = None, size: str = "") -> str:
    """What a download link says: what the file is, its paper, language, edition, format, pages and size.

    "Board, A4, PDF, 1 page, 48 KB"; "Booklet, bilingual, A5, PDF, 24 pages,
    1.2 MB"; "Booklet to fold, in English, A5 on A4 sheets, ink-saving, PDF,
    8 pages, 610 KB"; "Diagram 3, SVG, 12 KB".  ``number`` is a diagram's
    place in its booklet.
    """
    what, details = link_parts(record, lang, number, size)
    return ", ".join(what + details)


def size_words(words: str, lang: str) -> str:
    """A board size ready to go into ``board_alt``: after the noun in Portuguese, before it in English."""
    if not words:
        return ""
    return f" {words}" if lang == "pt" else f"{words} "


# The countries whose paper is Letter (the default paper of a visitor whose browser names one of
# them as its first region: en-US, fr-CA, es-MX...); everyone else gets A4.  The game page's
# script (templates/site/downloads.html.j2) is written from this list.
LETTER_REGIONS = ("US", "CA", "MX", "PH", "CL", "CO", "PR")
