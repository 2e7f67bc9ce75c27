"""The words of kitpress serve's pages for teachers, in the languages kitpress's kits speak: the
order page in the browser's language, a kit's page in the kit's. A word a language lacks is
said in English. A word that counts is a mapping of CLDR plural forms (content/i18n.plurals)."""

from __future__ import annotations

from kitpress.content.i18n import plural_category
from kitpress.content.textfmt import GROUPING

WORDS: dict[str, dict[str, object]] = {
    "en": {
        "print_a_kit": "Print a kit",
        "lead": "Choose a game and how you print it; kitpress builds the kit and gives you each file with how to print it.",
        "language": "Language",
        "paper": "Paper",
        "boards": "Boards bigger than the paper",
        "tile": "Full size, on several sheets to glue",
        "fit": "Shrunk to one sheet",
        "tables": "Tables",
        "tables_hint": "one copy of the kit for each, every page marked with its table",
        "printer": "Printer",
        "printer_hint": "a saved one moves the card backs to line up with the fronts",
        "no_printer": "None",
        "ink_saver": "Ink saver",
        "ink_saver_hint": "pale fills, dark text",
        "build": "Build the kit",
        "not_built": "Not built:",
        "saved": "Saved:",
        "saved_printer": "printer “{name}”. Choose it below and the card backs will line up.",
        "no_games": "No games in this project.",
        "save_printer_title": "Line up the backs: save your printer",
        "save_printer_text": (
            "Every kit has a printer check (calibration.pdf). Print it double-sided, hold it against the light "
            "and read where the cross on the back lands on the front's scales. Type where it lands: kitpress "
            "moves every card back as far the other way, so that in the next kit the cross sits on 0, 0."
        ),
        "printer_name": "Printer's name",
        "printer_name_hint": "Latin letters, digits, - _ .",
        "built_with": "The check came from a kit built with the printer",
        "built_with_hint": "its offset is added to what you read",
        "right": "Right (mm)",
        "up": "Up (mm)",
        "turns": "It turns the sheet on its",
        "long_edge": "long edge",
        "short_edge": "short edge",
        "save_printer": "Save this printer",
        "footer": "kitpress serve · this page only answers this computer.",
        "building": "Building…",
        "reload": "Reload this page to see the kit once it is built.",
        "problems": {"one": "Not built: {n} problem", "other": "Not built: {n} problems"},
        "back": "Back to the choices",
        "built": "Built",
        "took": "in {seconds} s",
        "another": "print another kit",
        "kit_page": "every kit printed here, on one page",
        "before": "Before you print",
        "at_100": "<strong>Print at 100 % / actual size.</strong> Turn off “Fit to page” and any scaling.",
        "stock": "<strong>Use the stock each file names</strong>: card stock or plain paper.",
        "sides": "<strong>Double-sided</strong> only for the files marked so, flipping on the edge they name.",
        "sheets": {"one": "{n} sheet", "other": "{n} sheets"},
        "per_kit": "per kit",
        "pages": {"one": "{n} page", "other": "{n} pages"},
        "card": "Card stock",
        "plain": "Plain paper",
        "double": "Double-sided · flip on {edge}",
        "edge_long": "long edge",
        "edge_short": "short edge",
        "single": "Single-sided",
        "actual_size": "100 % / actual size",
        "every_file": "Every file of this kit, in order",
    },
    "es": {
        "print_a_kit": "Imprimir un kit",
        "lead": (
            "Elige un juego y cómo imprimirlo: kitpress prepara el kit y te da cada archivo con sus instrucciones"
            " de impresión."
        ),
        "language": "Idioma",
        "paper": "Papel",
        "boards": "Tableros más grandes que el papel",
        "tile": "A tamaño real, en varias hojas para pegar",
        "fit": "Reducidos a una sola hoja",
        "tables": "Mesas",
        "tables_hint": "una copia del kit para cada una, con el número de mesa en cada página",
        "printer": "Impresora",
        "printer_hint": "una impresora guardada desplaza los reversos de las cartas para que coincidan con los anversos",
        "no_printer": "Ninguna",
        "ink_saver": "Ahorro de tinta",
        "ink_saver_hint": "fondos claros, texto oscuro",
        "build": "Preparar el kit",
        "not_built": "No se ha preparado:",
        "saved": "Guardada:",
        "saved_printer": "la impresora «{name}». Elígela abajo y los reversos coincidirán.",
        "no_games": "No hay juegos en este proyecto.",
        "save_printer_title": "Alinear los reversos: guarda tu impresora",
        "save_printer_text": (
            "Cada kit trae una prueba de impresora (calibration.pdf). Imprímela a doble cara, mírala a contraluz "
            "y lee dónde cae la cruz del reverso sobre las escalas del anverso. Escribe dónde cae: kitpress "
            "desplazará el reverso de cada carta lo mismo en sentido contrario, y en el próximo kit la cruz caerá en 0, 0."
        ),
        "printer_name": "Nombre de la impresora",
        "printer_name_hint": "letras latinas (a–z), cifras, - _ .",
        "built_with": "La prueba salió de un kit preparado con la impresora",
        "built_with_hint": "su desplazamiento se suma a lo que leas",
        "right": "Derecha (mm)",
        "up": "Arriba (mm)",
        "turns": "Voltea la hoja por el",
        "long_edge": "borde largo",
        "short_edge": "borde corto",
        "save_printer": "Guardar esta impresora",
        "footer": "kitpress serve · esta página solo se puede abrir desde este ordenador.",
        "building": "Preparando…",
        "reload": "Vuelve a cargar esta página para ver el kit cuando esté listo.",
        "problems": {"one": "No se ha preparado: {n} problema", "other": "No se ha preparado: {n} problemas"},
        "back": "Volver a las opciones",
        "built": "Listo",
        "took": "en {seconds} s",
        "another": "imprimir otro kit",
        "kit_page": "todos los kits impresos aquí, en una página",
        "before": "Antes de imprimir",
        "at_100": (
            "<strong>Imprime al 100 % (tamaño real).</strong> Desactiva «Ajustar a la página» y cualquier otro "
            "ajuste de escala."
        ),
        "stock": "<strong>Usa el papel que indica cada archivo</strong>: cartulina o papel normal.",
        "sides": "Imprime <strong>a doble cara</strong> solo los archivos marcados así, volteando por el borde que indican.",
        "sheets": {"one": "{n} hoja", "other": "{n} hojas"},
        "per_kit": "por kit",
        "pages": {"one": "{n} página", "other": "{n} páginas"},
        "card": "Cartulina",
        "plain": "Papel normal",
        "double": "A doble cara · voltear por el {edge}",
        "edge_long": "borde largo",
        "edge_short": "borde corto",
        "single": "A una cara",
        "actual_size": "100 % / tamaño real",
        "every_file": "Todos los archivos del kit, en orden",
    },
    "ru": {
        "print_a_kit": "Напечатать комплект",
        "lead": "Выберите игру и способ печати: kitpress соберёт комплект и выдаст каждый файл с указаниями, как его печатать.",
        "language": "Язык",
        "paper": "Бумага",
        "boards": "Игровые поля больше листа",
        "tile": "В натуральную величину, на нескольких листах для склейки",
        "fit": "С уменьшением до одного листа",
        "tables": "Столы",
        "tables_hint": "по комплекту на каждый стол, на каждой странице — номер стола",
        "printer": "Принтер",
        "printer_hint": "сохранённый принтер сдвигает обороты карт, чтобы они совпадали с лицевыми сторонами",
        "no_printer": "Нет",
        "ink_saver": "Экономия краски",
        "ink_saver_hint": "светлые заливки, тёмный текст",
        "build": "Собрать комплект",
        "not_built": "Не собрано:",
        "saved": "Сохранён:",
        "saved_printer": "принтер «{name}». Выберите его ниже, и обороты карт совпадут.",
        "no_games": "В этом проекте нет игр.",
        "save_printer_title": "Чтобы обороты карт совпали, сохраните свой принтер",
        "save_printer_text": (
            "В каждом комплекте есть проверка принтера (calibration.pdf). Напечатайте её в режиме двусторонней "
            "печати, посмотрите на просвет и найдите, куда на шкалах лицевой стороны попадает крест с оборота. "
            "Введите, куда он попадает: kitpress сдвинет оборот каждой карты на столько же в обратную сторону, "
            "и в следующем комплекте крест встанет на 0, 0."
        ),
        "printer_name": "Название принтера",
        "printer_name_hint": "латинские буквы, цифры, - _ .",
        "built_with": "Проверка напечатана из комплекта, собранного с принтером",
        "built_with_hint": "его смещение прибавляется к тому, что вы прочли",
        "right": "Вправо (мм)",
        "up": "Вверх (мм)",
        "turns": "Принтер переворачивает лист по",
        "long_edge": "длинному краю",
        "short_edge": "короткому краю",
        "save_printer": "Сохранить принтер",
        "footer": "kitpress serve · эта страница открывается только на этом компьютере.",
        "building": "Сборка…",
        "reload": "Обновите страницу, чтобы увидеть комплект, когда он будет собран.",
        "problems": {
            "one": "Не собрано: {n} проблема",
            "few": "Не собрано: {n} проблемы",
            "many": "Не собрано: {n} проблем",
            "other": "Не собрано: {n} проблемы",
        },
        "back": "Вернуться к выбору",
        "built": "Готово",
        "took": "за {seconds} с",
        "another": "напечатать другой комплект",
        "kit_page": "все напечатанные здесь комплекты на одной странице",
        "before": "Перед печатью",
        "at_100": (
            "<strong>Печатайте в масштабе 100 % (реальный размер).</strong> Отключите «По размеру страницы» и "
            "любое масштабирование."
        ),
        "stock": "<strong>Используйте бумагу, указанную для каждого файла</strong>: картон или обычную бумагу.",
        "sides": "<strong>Двусторонняя печать</strong> — только для отмеченных так файлов, с переворотом по указанному краю.",
        "sheets": {"one": "{n} лист", "few": "{n} листа", "many": "{n} листов", "other": "{n} листа"},
        "per_kit": "на комплект",
        "pages": {"one": "{n} страница", "few": "{n} страницы", "many": "{n} страниц", "other": "{n} страницы"},
        "card": "Картон",
        "plain": "Обычная бумага",
        "double": "Двусторонняя печать · переворот по {edge}",
        "edge_long": "длинному краю",
        "edge_short": "короткому краю",
        "single": "Односторонняя печать",
        "actual_size": "100 % / реальный размер",
        "every_file": "Все файлы комплекта по порядку",
    },
}


class Words:
    """The words of one language: `say("built")`, `say("sheets", n=3)`."""

    def __init__(self, lang: str):
        self.lang = lang if lang in WORDS else "en"

    def __call__(self, key: str, **values) -> str:
        word = WORDS[self.lang].get(key, WORDS["en"][key])
        if isinstance(word, dict):
            form = plural_category(self.lang, int(values.get("n", 0)))
            word = word.get(form) or word["other"]
        return str(word).format(**values) if values else str(word)


    def decimal(self, value: float) -> str:
        """A number with one decimal, as the language writes it: 4.9 s, 4,9 с."""
        shown = f"{value:.1f}"
        return shown if GROUPING.get(self.lang, ",") == "," else shown.replace(".", ",")


def browser_language(header: str) -> str:
    """The language of these pages the browser prefers most (its Accept-Language), else English."""
    ranked = []
    for index, part in enumerate(header.split(",")[:20]):
        code, _, quality = part.strip().partition(";q=")
        try:
            weight = float(quality) if quality else 1.0
        except ValueError:
            weight = 0.0
        ranked.append((-weight, index, code.strip().lower().split("-")[0]))
    return next((code for _, _, code in sorted(ranked) if code in WORDS), "en")
