"""Every sentence and label of the site, in Brazilian Portuguese and British English.

The words follow ``docs/series.md`` (the booklets' house style): "Boards" /
"Tabuleiros" for the heading a booklet's "Making your own" points to, 100%
without a space, curly quotes, a decimal comma in Portuguese.  What a link
says is made here from its record, so that every link names what it
downloads: "Board, A4, PDF, 1 page, 48 KB".
"""

from __future__ import annotations

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
        "boards_intro": "O tabuleiro{size} em escala exata, pronto para imprimir.",
        "board_group": "Numa folha",
        "board_group_intro": "O tabuleiro inteiro numa só folha, com a barra de 100 mm para conferir a escala.",
        "poster_group": "Pôster em várias folhas",
        "poster_group_intro": "Um tabuleiro maior, dividido em várias folhas para recortar e colar; a primeira página mostra como elas se encaixam.",
        "pen_group": "Folha para jogar com canetas",
        "pen_group_intro": "Vários tabuleiros pequenos numa folha: cada jogador marca as suas casas com a sua cor.",
        "how_to_print": "Como imprimir",
        "print_actual": "Imprima em tamanho real (100%), sem “ajustar à página”.",
        "print_bar": "Meça com uma régua a barra de 100 mm da folha. Se ela estiver menor ou maior, a impressora mudou a escala: imprima de novo em tamanho real.",
        "print_svg": "Um arquivo SVG também se imprime pelo navegador: deixe a escala em 100% e escolha o papel da folha (A4 ou Carta).",
        "booklets": "Livretos de regras",
        "booklets_intro": "As regras completas, com diagramas verificados, para ler na tela ou imprimir.",
        "bilingual_group": "Edição bilíngue",
        "bilingual_group_intro": "Português e inglês lado a lado, em duas colunas.",
        "imposed_group": "Para dobrar e grampear",
        "imposed_group_intro": "As páginas A5 do livreto, duas por folha: imprima frente e verso virando pela borda curta, dobre o maço ao meio e grampeie na dobra.",
        "single_group": "Num só idioma",
        "single_group_intro": "O mesmo livreto em uma língua só.",
        "other_group": "Outros arquivos",
        "other_group_intro": "",
        "examples": "Exemplos ilustrados",
        "examples_intro": "Os diagramas do livreto, desenhados e verificados pelo motor de regras, cada um num arquivo SVG.",
        "sources": "Fontes",
        "catalogue": "Catálogo de todos os arquivos, para outros sites",
        "footer": "Feito com boardgen. Página estática: funciona sem internet, aberta do disco ou de qualquer servidor.",
        # link parts
        "board": "Tabuleiro",
        "poster": "Pôster em várias folhas",
        "pen": "Folha para canetas",
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
        "light": "pouca tinta",
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
        "boards_intro": "The {size}board at exact scale, ready to print.",
        "board_group": "On one sheet",
        "board_group_intro": "The whole board on one sheet, with the 100 mm bar to check the scale.",
        "poster_group": "Tiled poster",
        "poster_group_intro": "A larger board over several sheets that you trim and glue together; the first page shows how they fit.",
        "pen_group": "Pen-and-paper sheet",
        "pen_group_intro": "Several small boards on one sheet: each player marks their cells in their own colour.",
        "how_to_print": "How to print",
        "print_actual": "Print at actual size (100%), not “fit to page”.",
        "print_bar": "Measure the 100 mm bar on the sheet with a ruler. If it is shorter or longer, the printer has scaled the page: print it again at actual size.",
        "print_svg": "An SVG file prints from a web browser too: leave the scale at 100% and choose the sheet’s paper (A4 or Letter).",
        "booklets": "Rule booklets",
        "booklets_intro": "The complete rules, with checked diagrams, to read on screen or to print.",
        "bilingual_group": "Bilingual edition",
        "bilingual_group_intro": "Portuguese and English side by side, in two columns.",
        "imposed_group": "To fold and staple",
        "imposed_group_intro": "The booklet’s A5 pages, two to a sheet: print on both sides, flipping on the short edge, fold the stack in the middle and staple on the fold.",
        "single_group": "In one language",
        "single_group_intro": "The same booklet in one language only.",
        "other_group": "Other files",
        "other_group_intro": "",
        "examples": "Illustrated examples",
        "examples_intro": "The booklet’s diagrams, drawn and checked by the rules engine, each in an SVG file.",
        "sources": "Sources",
        "catalogue": "Catalogue of every file, for other websites",
        "footer": "Made with boardgen. A static page: it works offline, opened from disk or from any web server.",
        "board": "Board",
        "poster": "Tiled poster",
        "pen": "Pen-and-paper sheet",
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
        "light": "light ink",
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


def link_text(record: Artefact, lang: str, number: int | None = None) -> str:
    """What a download link says: what the file is, its paper, language, format, pages and size.

    "Board, A4, PDF, 1 page, 48 KB"; "Booklet, bilingual, A5, PDF, 24 pages,
    1.2 MB"; "Booklet to fold, bilingual, A5 on A4 sheets, PDF, 12 pages,
    1.1 MB"; "Diagram 3, SVG, 12 KB".  ``number`` is a diagram's place in
    its booklet.
    """
    parts = [text(lang, record.kind, number=number if number is not None else "")]
    if record.kind in ("booklet", "booklet-imposed") and record.lang:
        parts.append(TEXT[lang].get(f"lang_{record.lang}", record.lang))
    if record.paper:
        if record.kind == "booklet-imposed":
            parts.append(text(lang, "imposed_on", paper=paper_name(record.paper, lang)))
        else:
            parts.append(paper_name(record.paper, lang))
    if record.ink == "light":
        parts.append(text(lang, "light"))
    if record.variant:
        parts.append(record.variant)
    parts.append(record.format.upper())
    if record.pages is not None:
        parts.append(page_count(record.pages, lang))
    parts.append(file_size(record.bytes, lang))
    return ", ".join(part.strip() for part in parts)


def size_words(words: str, lang: str) -> str:
    """A board size ready to go into ``board_alt`` and ``boards_intro``: after the noun in Portuguese, before it in English."""
    if not words:
        return ""
    return f" {words}" if lang == "pt" else f"{words} "
