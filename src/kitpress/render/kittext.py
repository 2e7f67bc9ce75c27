"""The words kitpress itself prints on a kit's own pages (the print plan, the printer check,
table numbers, the combined file's title), in the kit's language. Spanish and Russian are
kitpress's own translations; any other language gets English until someone adds it here."""

from __future__ import annotations

TEXT: dict[str, dict[str, str]] = {
    "en": {
        "printer_check": "Printer check",
        "check_print": "<p>1. Print this file <b>at 100 % (actual size)</b>, double-sided, flipping on the <b>{edge}</b>. "
        "The ruler below must measure exactly 100 mm and the square 10 mm; if not, turn off "
        "“fit to page” in the print dialog.</p>",
        "check_light": "<p>2. Hold the sheet against the light, printed side towards you. The cross printed on the back "
        "should sit on the 0 of both scales. If it sits elsewhere, read where on the scales (in mm; + is to "
        "the right and up) and build the kit again with the opposite values: for example "
        "<b>--back-offset -1.5,0.5</b> if the cross shows at +1.5 across and −0.5 up. Print this file again "
        "from the new kit: its cross now sits on 0, 0. Save the offset for this printer with "
        "<b>kitpress printer save NAME --back-offset …</b>.</p>",
        "check_short": "<p>3. Does your printer turn sheets on the short edge? Choose “flip on long edge” (long-edge "
        "binding) in the print dialog. If it offers no such choice, build the kit with <b>--flip short</b> "
        "and print with short-edge flipping.</p>",
        "check_built": "Built with --back-offset {dx},{dy}: if the cross still misses 0, 0, add the opposite of "
        "what you read to these values.",
        "edge_long": "long edge",
        "edge_short": "short edge",
        "duplex_test": "Duplex test: the cross on the back should sit on 0, 0",
        "check_back": "Back of the printer check: hold the sheet against the light.",
        "print_plan": "Print plan",
        "sources": "Sources.",
        "plan_intro": "Print every file <b>at 100 % (actual size)</b>, never “fit to page”. First print "
        "<b>calibration.pdf</b> to check your printer. <b>kit.pdf</b> holds everything in this order for "
        "one print job on plain paper.",
        "file": "File",
        "stock": "Stock",
        "sides": "Sides",
        "copies": "Copies",
        "sheets": "Sheets",
        "assemble": "Cut and assemble",
        "double_sided": "double-sided, {edge}",
        "one_side": "one side",
        "in_all": "In all",
        "tables_note": "Every page carries its table number (1 to {tables}) in a corner, so mixed-up pieces find their way home.",
        "table": "Table {n}",
        "complete_kit": "complete kit",
        "whole_kit": "The whole kit in one file",
        "stock_card": "card",
        "stock_paper": "paper",
        "how_cards": "cut on the crop marks (a guillotine or a ruler and craft knife), or along the thin grey lines "
        "with scissors",
        "how_round": "cut out each round piece on its circle, with scissors or a circle cutter",
        "how_board": "trim each piece on its dashed line, glue the grey strip under its neighbour, line up the ⊕ marks",
        "how_page": "cut along the solid lines, fold on the dashed lines, glue the grey tabs",
    },
    "es": {
        "printer_check": "Prueba de impresora",
        "check_print": "<p>1. Imprimid este archivo <b>al 100 % (tamaño real)</b>, a doble cara, volteando por el "
        "<b>{edge}</b>. La regla de abajo debe medir exactamente 100 mm y el cuadrado 10 mm; si no, "
        "desactivad «ajustar a la página» en el cuadro de impresión.</p>",
        "check_light": "<p>2. Mirad la hoja a contraluz, con la cara impresa hacia vosotros. La cruz impresa en el reverso "
        "debe caer sobre el 0 de ambas escalas. Si cae en otro sitio, leed dónde en las escalas (en mm; + es "
        "hacia la derecha y hacia arriba) y volved a generar el kit con los valores opuestos; por ejemplo, "
        "<b>--back-offset -1.5,0.5</b> si la cruz aparece en +1,5 en horizontal y en −0,5 en vertical. "
        "Imprimid de nuevo este archivo del kit nuevo: su cruz cae ahora en 0, 0. Guardad el desplazamiento "
        "para esta impresora con <b>kitpress printer save NOMBRE --back-offset …</b>.</p>",
        "check_short": "<p>3. ¿Vuestra impresora voltea las hojas por el borde corto? Elegid «voltear por el borde largo» "
        "(encuadernación por el borde largo) en el cuadro de impresión. Si no ofrece esa opción, generad el "
        "kit con <b>--flip short</b> e imprimid volteando por el borde corto.</p>",
        "check_built": "Generado con --back-offset {dx},{dy}: si la cruz sigue sin caer en 0, 0, sumad a estos "
        "valores lo contrario de lo que leáis.",
        "edge_long": "borde largo",
        "edge_short": "borde corto",
        "duplex_test": "Prueba a doble cara: la cruz del reverso debe caer en 0, 0",
        "check_back": "Reverso de la prueba de impresora: mirad la hoja a contraluz.",
        "print_plan": "Plan de impresión",
        "sources": "Fuentes.",
        "plan_intro": "Imprimid cada archivo <b>al 100 % (tamaño real)</b>, nunca con «ajustar a la página». Imprimid "
        "primero <b>calibration.pdf</b> para comprobar vuestra impresora. <b>kit.pdf</b> lo contiene todo en este "
        "orden, para un solo trabajo de impresión en papel normal.",
        "file": "Archivo",
        "stock": "Soporte",
        "sides": "Caras",
        "copies": "Copias",
        "sheets": "Hojas",
        "assemble": "Cortar y montar",
        "double_sided": "a doble cara, {edge}",
        "one_side": "una cara",
        "in_all": "En total",
        "tables_note": "Cada página lleva su número de mesa (del 1 al {tables}) en una esquina, para que las piezas "
        "mezcladas vuelvan a su sitio.",
        "table": "Mesa {n}",
        "complete_kit": "kit completo",
        "whole_kit": "El kit entero en un archivo",
        "stock_card": "cartulina",
        "stock_paper": "papel",
        "how_cards": "cortad por las marcas de corte (con guillotina, o con regla y cúter), o con tijeras por las "
        "finas líneas grises",
        "how_round": "recortad cada pieza redonda por su círculo, con tijeras o con un cortador de círculos",
        "how_board": "recortad cada pieza por su línea discontinua, pegad la franja gris bajo la pieza vecina y "
        "alinead las marcas ⊕",
        "how_page": "cortad por las líneas continuas, doblad por las discontinuas y pegad las pestañas grises",
    },
    "ru": {
        "printer_check": "Проверка принтера",
        "check_print": "<p>1. Напечатайте этот файл <b>в масштабе 100 % (реальный размер)</b> на обеих сторонах, "
        "с переворотом по <b>{edge}</b>. Линейка ниже должна быть длиной ровно 100 мм, а квадрат — "
        "10 мм; если это не так, отключите «по размеру страницы» в окне печати.</p>",
        "check_light": "<p>2. Посмотрите лист на просвет, лицевой стороной к себе. Крест на обороте должен совпасть "
        "с нулём обеих шкал. Если он в другом месте, определите по шкалам, где именно (в мм; + — вправо и "
        "вверх), и соберите комплект заново с противоположными значениями, например "
        "<b>--back-offset -1.5,0.5</b>, если крест виден на +1,5 по горизонтали и на −0,5 по вертикали. "
        "Напечатайте этот файл снова из нового комплекта: теперь его крест стоит на 0, 0. Сохраните смещение "
        "для этого принтера: <b>kitpress printer save ИМЯ --back-offset …</b>.</p>",
        "check_short": "<p>3. Ваш принтер переворачивает лист по короткому краю? Выберите в окне печати «переворот "
        "по длинному краю». Если такого выбора нет, соберите комплект с <b>--flip short</b> и печатайте "
        "с переворотом по короткому краю.</p>",
        "check_built": "Собрано с --back-offset {dx},{dy}: если крест всё ещё не на 0, 0, прибавьте к этим "
        "значениям противоположное тому, что видите.",
        "edge_long": "длинному краю",
        "edge_short": "короткому краю",
        "duplex_test": "Двусторонняя печать: крест на обороте должен быть на 0, 0",
        "check_back": "Оборот проверки принтера: посмотрите лист на просвет.",
        "print_plan": "План печати",
        "sources": "Источники.",
        "plan_intro": "Печатайте каждый файл <b>в масштабе 100 % (реальный размер)</b>, никогда «по размеру "
        "страницы». Сначала напечатайте <b>calibration.pdf</b>, чтобы проверить принтер. В <b>kit.pdf</b> всё "
        "собрано в этом порядке для одного задания печати на обычной бумаге.",
        "file": "Файл",
        "stock": "Материал",
        "sides": "Стороны",
        "copies": "Копии",
        "sheets": "Листы",
        "assemble": "Резка и сборка",
        "double_sided": "двусторонняя, по {edge}",
        "one_side": "одна сторона",
        "in_all": "Всего",
        "tables_note": "На каждой странице в углу стоит номер стола (от 1 до {tables}), чтобы перепутанные детали "
        "вернулись на место.",
        "table": "Стол {n}",
        "complete_kit": "полный комплект",
        "whole_kit": "Весь комплект в одном файле",
        "stock_card": "картон",
        "stock_paper": "бумага",
        "how_cards": "режьте по меткам обреза (резаком или линейкой и ножом) или ножницами по тонким серым линиям",
        "how_round": "вырежьте каждую круглую деталь по её окружности ножницами или циркульным резаком",
        "how_board": "обрежьте каждую часть по пунктирной линии, подклейте серую полосу под соседнюю часть, совместите метки ⊕",
        "how_page": "режьте по сплошным линиям, сгибайте по пунктирным, приклейте серые клапаны",
    },
}


def words(lang: str) -> dict[str, str]:
    """kitpress's words in a language ('es-MX' takes Spanish), English where it has none."""
    return {**TEXT["en"], **TEXT.get(lang.split("-")[0].lower(), {})}
